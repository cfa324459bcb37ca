// What happened in one module that others act on, as plain data: the order's lifecycle and the artwork's writers
// emit these (event-bus.ts), and the modules that care subscribe in their own listeners.ts. An event names its
// subject by id only; a listener reads what it needs in the transaction it is given, or after the commit.

/** An order's payment was recorded. `refundedCents`: refunds reported before the payment, which apply now. */
export interface OrderPaid {
  type: 'order.paid';
  orderId: number;
  refundedCents: number;
}

/** A paid order's refund total rose (an owner's refund, the provider's report, a lost dispute). */
export interface OrderRefunded {
  type: 'order.refunded';
  orderId: number;
  refundedBefore: number;
  refundedAfter: number;
  /**
   * The order's lines this refund took back on their own (decision 0071): their credit note names them. Absent or
   * empty: a refund of an amount, credited in proportion.
   */
  itemIds?: number[];
}

/** The buyer disputed the payment with their bank: the downloads stop. */
export interface OrderDisputed {
  type: 'order.disputed';
  orderId: number;
}

export interface OrderDisputeWon {
  type: 'order.dispute-won';
  orderId: number;
}

/** The bank took the money back; an `order.refunded` for the whole amount comes with it when the order was paid. */
export interface OrderDisputeLost {
  type: 'order.dispute-lost';
  orderId: number;
}

/** An unpaid order will not be paid: the buyer's payment was cancelled, or it expired after a day. */
export interface OrderCanceled {
  type: 'order.canceled';
  orderId: number;
  reason: 'canceled' | 'expired';
}

export type OrderDomainEvent =
  OrderPaid | OrderRefunded | OrderDisputed | OrderDisputeWon | OrderDisputeLost | OrderCanceled;

/** The owner added an artwork (with its picture, and its master if one was given). */
export interface ArtworkCreated {
  type: 'artwork.created';
  artworkId: number;
}

/** The artwork shows another picture: its previews and renditions are new. */
export interface ArtworkPictureReplaced {
  type: 'artwork.picture-replaced';
  artworkId: number;
}

/** The artwork's full-resolution file, the one buyers download, is another. */
export interface ArtworkMasterReplaced {
  type: 'artwork.master-replaced';
  artworkId: number;
}

/** What the artwork offers in print changed: the ratios, a crop, or the master's size once it was read. */
export interface ArtworkPrintsChanged {
  type: 'artwork.prints-changed';
  artworkId: number;
}

/** The owner deleted artworks (one, or several at once). */
export interface ArtworksDeleted {
  type: 'artwork.deleted';
  artworkIds: number[];
}

/** Artworks went live (the owner published them, or their scheduled time came): visitors see them from now on. */
export interface ArtworksPublished {
  type: 'artwork.published';
  artworkIds: number[];
}

export type ArtworkDomainEvent =
  | ArtworkCreated
  | ArtworkPictureReplaced
  | ArtworkMasterReplaced
  | ArtworkPrintsChanged
  | ArtworksDeleted
  | ArtworksPublished;

/** The owner made a set or changed it (its words, price, cover or pieces). */
export interface SetSaved {
  type: 'set.saved';
  setId: number;
}

export type SetDomainEvent = SetSaved;

/**
 * A buyer deleted their account. Listeners remove, in the same transaction, what they keep of the person (consents,
 * the server-kept cart and favourites, reviews' names); orders and their tax documents stay, detached.
 */
export interface AccountDeleted {
  type: 'account.deleted';
  userId: number;
  /** The address the account had, lower-cased: list consents are kept by address. */
  email: string;
}

export type AccountDomainEvent = AccountDeleted;

export type DomainEvent = OrderDomainEvent | ArtworkDomainEvent | SetDomainEvent | AccountDomainEvent;

export type DomainEventType = DomainEvent['type'];

/** The event of one type, e.g. EventOf<'order.paid'>. */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

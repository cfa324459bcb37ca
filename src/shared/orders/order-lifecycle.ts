// An order's life, in one place: its statuses, what each allows, the buyer's words for what it refuses, and the one
// pure function that says how every event moves an order. The server applies it in a transaction; the pages read
// the same rules and texts. No zod here: the browser loads it. Money is in integer cents.

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'canceled',
  'refunded',
  'partially_refunded',
  'disputed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface StatusRules {
  /** The buyer may download its files: paid, or paid with part of it refunded (a goodwill refund keeps the print). */
  download: boolean;
  /** The owner may refund it: money was taken and not all of it given back. */
  refund: boolean;
  /**
   * It may have a receipt to send again: a status an order can have once paid. Whether it was paid is the order's
   * own `paid_at` (a dispute or a lost dispute can come before the payment itself).
   */
  resendReceipt: boolean;
  /** The customer may still pay it: the same cart gives this order back, and a day later it expires. */
  payAgain: boolean;
  /** Why its files cannot be had, in the buyer's words; null while they can. */
  downloadRefusal: string | null;
}

export const STATUS_RULES: Readonly<Record<OrderStatus, StatusRules>> = {
  pending: {
    download: false,
    refund: false,
    resendReceipt: false,
    payAgain: true,
    downloadRefusal: 'This order has not been paid yet.',
  },
  paid: { download: true, refund: true, resendReceipt: true, payAgain: false, downloadRefusal: null },
  failed: {
    download: false,
    refund: false,
    resendReceipt: false,
    payAgain: true,
    downloadRefusal: 'The payment for this order did not go through, so it has nothing to download.',
  },
  canceled: {
    download: false,
    refund: false,
    resendReceipt: false,
    payAgain: false,
    downloadRefusal: 'This order was cancelled before it was paid, so it has nothing to download.',
  },
  refunded: {
    download: false,
    refund: false,
    resendReceipt: true,
    payAgain: false,
    downloadRefusal: 'This order was refunded, so its downloads are no longer available.',
  },
  partially_refunded: { download: true, refund: true, resendReceipt: true, payAgain: false, downloadRefusal: null },
  disputed: {
    download: false,
    refund: false,
    resendReceipt: true,
    payAgain: false,
    downloadRefusal:
      'The payment for this order is disputed with the bank; its downloads are paused until that is settled.',
  },
};

const statusesWhere = (rule: 'download' | 'refund' | 'payAgain') =>
  ORDER_STATUSES.filter((status) => STATUS_RULES[status][rule]);

export const DOWNLOADABLE_STATUSES: readonly OrderStatus[] = statusesWhere('download');
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = statusesWhere('refund');
/** Open orders: not paid yet, whether or not a card was refused on them. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = statusesWhere('payAgain');

export const canDownload = (status: OrderStatus): boolean => STATUS_RULES[status].download;

/** Why a line refunded on its own (decision 0071) can no longer be had, in the buyer's words. */
export const LINE_REFUNDED_REFUSAL = 'This piece was refunded, so its downloads and licence have ended.';

/**
 * Whether one line of an order may be downloaded and its licence is in force: its order allows it, and the owner
 * did not refund that line alone (an order's partial refund by amount keeps every line).
 */
export const canDownloadLine = (status: OrderStatus, lineRefunded: boolean): boolean =>
  canDownload(status) && !lineRefunded;
export const canRefund = (status: OrderStatus): boolean => STATUS_RULES[status].refund;
export const canResendReceipt = (order: { status: OrderStatus; paidAt: string | Date | null }): boolean =>
  STATUS_RULES[order.status].resendReceipt && order.paidAt !== null;

/** What the lifecycle needs to know of an order. */
export interface LifecycleOrder {
  status: OrderStatus;
  amountCents: number;
  /** The provider's total paid back so far (it may be reported before the payment itself). */
  refundedCents: number;
  /** Whether the payment was recorded (`paid_at`). */
  paid: boolean;
  /** The provider reports its payment as settling (`payment_processing_at`): a bank debit, a finished redirect. */
  processing?: boolean;
}

export type OrderEvent =
  /** `free`: an order of $0.00 completed without a payment (its history says so). */
  | { type: 'paid'; card: { brand: string; last4: string } | null; free?: boolean }
  | { type: 'payment_failed'; reason: string | null }
  /** The payment is under way and settles later: the order stays open and the buyer sees "payment processing". */
  | { type: 'payment_processing' }
  /** The provider's total paid back on the payment so far, not the amount of one refund. */
  | { type: 'refund_total_changed'; totalRefundedCents: number }
  | { type: 'dispute_opened' }
  | { type: 'dispute_won' }
  | { type: 'dispute_lost' }
  /** Left unpaid for a day: the housekeeping closes it, so that the same cart starts afresh. */
  | { type: 'expired' }
  | { type: 'canceled' };

export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'paid',
  'payment_failed',
  'payment_processing',
  'refund_total_changed',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  'expired',
  'canceled',
];

/** An e-mail to queue with the change: the receipt, or the refund that brought the total to the new one. */
export type LifecycleMail = { kind: 'receipt' } | { kind: 'refund'; amountCents: number };

export interface Transition {
  status: OrderStatus;
  refundedCents: number;
  /** The payment is recorded now (`paid_at`, and the card). */
  paidNow: boolean;
  /** Whether the payment is settling after this change; absent: as it was. */
  processing?: boolean;
  /** One history row each, in order. */
  history: Array<{ status: OrderStatus; note: string }>;
  mails: LifecycleMail[];
}

/** Statuses of an order the store has not been paid for: a refund reported then waits for the payment. */
const UNPAID: readonly OrderStatus[] = ['pending', 'failed', 'canceled'];

/**
 * The status a paid order has for what was paid back: all of it revokes the downloads ('refunded'); part of it
 * keeps them ('partially_refunded').
 */
export function statusAfterRefunds(amountCents: number, refundedCents: number): OrderStatus {
  // Nothing paid back is never a refund, also of a free order (an amount of 0, decision 0055).
  if (refundedCents > 0 && refundedCents >= amountCents) return 'refunded';
  return refundedCents > 0 ? 'partially_refunded' : 'paid';
}

/**
 * How an event moves an order; null when it changes nothing (a payment recorded before, a refund total not above
 * the known one, a dispute closed that was not open, an expiry of an order no longer open). Events can arrive in
 * any order: a refund or dispute reported before the payment is kept, and the payment then applies it.
 */
export function transition(order: LifecycleOrder, event: OrderEvent): Transition | null {
  const change = (status: OrderStatus, note: string, more: Partial<Omit<Transition, 'status'>> = {}): Transition => ({
    status,
    refundedCents: order.refundedCents,
    paidNow: false,
    history: [{ status, note }],
    mails: [],
    ...more,
  });
  switch (event.type) {
    case 'paid': {
      if (order.paid) return null;
      // Whatever the order's state (failed, expired), money taken is never left unrecorded; a refund or dispute
      // reported before the payment decides the status now.
      const status =
        order.status === 'disputed' ? 'disputed' : statusAfterRefunds(order.amountCents, order.refundedCents);
      const paidWith = event.card ? ` (${event.card.brand} ending in ${event.card.last4})` : '';
      const note = event.free ? 'Free order completed: no payment taken' : `Payment succeeded${paidWith}`;
      const history: Transition['history'] = [{ status: 'paid', note }];
      if (status !== 'paid') history.push({ status, note: 'A refund or dispute reported before the payment applies' });
      // A refund reported before the payment told nobody (there was no sale yet): the customer hears of it now,
      // after the receipt.
      const mails: LifecycleMail[] = [{ kind: 'receipt' }];
      if (status === 'refunded' || status === 'partially_refunded')
        mails.push({ kind: 'refund', amountCents: order.refundedCents });
      const settled = order.processing ? { processing: false } : {};
      return { status, refundedCents: order.refundedCents, paidNow: true, ...settled, history, mails };
    }
    case 'payment_failed':
      // Only a pending order: one paid, or failed already, stays as it is; the customer may still pay a failed one.
      return order.status === 'pending'
        ? change('failed', event.reason ?? 'The payment failed', order.processing ? { processing: false } : {})
        : null;
    case 'payment_processing':
      // Once, while the order is open and unpaid: a repeat, or word of it after the payment, changes nothing.
      if (order.paid || order.processing || !STATUS_RULES[order.status].payAgain) return null;
      return change('pending', 'Payment processing: the bank has not settled it yet', { processing: true });
    case 'refund_total_changed': {
      const total = event.totalRefundedCents;
      if (total <= order.refundedCents) return null;
      // Before the payment the amount is kept and the payment decides; during a dispute, the dispute's end does.
      const status =
        order.status === 'disputed' || UNPAID.includes(order.status)
          ? order.status
          : statusAfterRefunds(order.amountCents, total);
      const amountCents = total - order.refundedCents;
      return change(status, `Refunded ${amountCents} cents (total ${total})`, {
        refundedCents: total,
        // Before the payment there is nothing to tell the customer yet.
        mails: UNPAID.includes(status) ? [] : [{ kind: 'refund', amountCents }],
      });
    }
    case 'dispute_opened':
      // The downloads stop at once, also when reported before the payment itself.
      return order.status === 'disputed'
        ? null
        : change('disputed', 'The customer disputed the payment with their bank');
    case 'dispute_won':
      // Won (or an inquiry that never became a chargeback): what its refunds make it; never paid as far as the
      // store knows, it waits for the payment's own event.
      if (order.status !== 'disputed') return null;
      return change(
        order.paid ? statusAfterRefunds(order.amountCents, order.refundedCents) : 'pending',
        'Dispute closed in the store’s favour',
      );
    case 'dispute_lost':
      // The bank took the money back: a full refund.
      if (order.status !== 'disputed') return null;
      return change('refunded', 'Dispute lost: the bank returned the payment', { refundedCents: order.amountCents });
    case 'expired':
      return STATUS_RULES[order.status].payAgain ? change('canceled', 'Not paid within a day: cancelled') : null;
    case 'canceled':
      return STATUS_RULES[order.status].payAgain ? change('canceled', 'The payment was cancelled') : null;
  }
}

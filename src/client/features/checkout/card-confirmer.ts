// What the checkout asks of a card form, whichever provider is behind it (the built-in test provider's form or
// Stripe Elements): check what was typed, make a payment method of it (whose card's country the server reads for
// VAT), then confirm the payment of an intent the server created with that method.

/** The intent to pay, as the server created it. */
export interface Charge {
  clientSecret: string;
  /** Dollars, as the server priced the order. */
  amount: number;
}

export interface Payer {
  email: string;
  /** From the contact details; the name on the card when the customer gave none. */
  name: string;
}

export type CardOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  /** shownAtField: the form already shows the message beside the field at fault and has moved focus there. */
  | { status: 'failed'; message: string; shownAtField: boolean };

export type MethodOutcome =
  { status: 'made'; paymentMethodId: string } | { status: 'failed'; message: string; shownAtField: boolean };

export interface CardConfirmer {
  /** Shows any problem with what was typed at its field and says whether to go on. Nothing is charged yet. */
  check(): Promise<boolean>;
  /** The payment method, from the card and the billing address. Nothing is charged yet. */
  createPaymentMethod(payer: Payer): Promise<MethodOutcome>;
  confirm(charge: Charge, paymentMethodId: string): Promise<CardOutcome>;
}

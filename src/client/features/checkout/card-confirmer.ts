// What the checkout asks of a payment form, whichever provider is behind it (the built-in test provider's form or
// Stripe's Payment Element): check what was entered, make a confirmation of it (Stripe's ConfirmationToken: the
// server reads its method's country for VAT and confirms the payment with it), and finish a step the payment asks
// for on the page (a card's authentication).

/** The intent being paid, as the server created it. */
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

export type ConfirmationOutcome =
  | { status: 'made'; confirmationId: string }
  /** shownAtField: the form already shows the message beside the field at fault and has moved focus there. */
  | { status: 'failed'; message: string; shownAtField: boolean };

export type ActionOutcome = { status: 'done' } | { status: 'failed'; message: string };

export interface CardConfirmer {
  /** Shows any problem with what was entered at its field and says whether to go on. Nothing is charged yet. */
  check(): Promise<boolean>;
  /** What the buyer chose to pay with, for the server to confirm. Nothing is charged yet. */
  createConfirmation(payer: Payer): Promise<ConfirmationOutcome>;
  /** The step the payment asks for on this page (a card's authentication), after the server's confirmation. */
  handleAction(charge: Charge): Promise<ActionOutcome>;
}

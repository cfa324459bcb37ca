// A loopback server speaking the part of Stripe's HTTP API the store uses, so tests run the real `stripe` SDK
// (its encoding, headers, retries, error classes) against it instead of a mock of the SDK.
//   POST /v1/payment_methods              a card, as Stripe.js's createPaymentMethod sends it (type=card, card[number]…,
//                                         billing_details[address][country]): the card's country follows Stripe's
//                                         international test cards; a card number needs the publishable key
//   GET  /v1/payment_methods/:id          retrieve (card brand, last4, country; billing address); Stripe's test
//                                         PaymentMethods (pm_card_visa, pm_card_de…) too
//   POST /v1/payment_intents              create (form-encoded, metadata[k], allowed_payment_method_types[0]…)
//   GET  /v1/payment_intents/:id          retrieve (expand[]=latest_charge embeds the charge)
//   POST /v1/payment_intents/:id          update amount, payment_method, metadata…; refused once it succeeded
//   POST /v1/payment_intents/:id/confirm  confirm with the payment method given (one created here, or a test one such
//                                         as pm_card_visa), or with the one an update set
//   POST /v1/confirmation_tokens         a ConfirmationToken, as Stripe.js's createConfirmationToken makes it from the
//                                         Payment Element (also as test_helpers/confirmation_tokens, the SDK's helper):
//                                         a card (in a wallet), Link, iDEAL, Bancontact, EPS, Klarna or a SEPA debit
//   GET  /v1/confirmation_tokens/:id      retrieve (payment_method_preview)
//   POST /v1/payment_intents/:id/confirm  with confirmation_token too: a card pays at once, a redirect method waits at
//                                         its bank (requires_action, next_action redirect_to_url; finishRedirect), a
//                                         SEPA debit settles later (processing; settleIntent)
//   POST /v1/refunds                      refund a payment_intent, in full or in part
//   POST /v1/tax/calculations             Stripe Tax: each line's VAT in the customer's country, by the account's own
//                                         registrations (startStripeProtocolServer's taxRegistrations); expand[] of
//                                         line_items and line_items.data.tax_breakdown
//   GET  /v1/tax/calculations/:id/line_items  a page of its line items (limit, starting_after)
//   POST /v1/tax/transactions/create_from_calculation  record a sale (reference unique among all transactions)
//   POST /v1/tax/transactions/create_reversal          mode full, or partial by flat_amount or line_items
//   GET  /v1/tax/transactions/:id/line_items  likewise
// A publishable key (pk_test_…, the browser's) is answered only where Stripe.js uses it: making a payment method, and
// reading or confirming an intent with its client_secret. POSTs honour Idempotency-Key as Stripe does: the same key and
// body replays the first answer, the same key with another body is an idempotency_error. Errors have Stripe's shape and
// status.
// Its code is in stripe-protocol/, a file for each job (server.ts starts it, router.ts lists the endpoints); this file is
// what tests and scripts import.
export type { DeclineReason, TestCard } from './stripe-protocol/cards';
export type { TokenSpec } from './stripe-protocol/confirmation-tokens';
export {
  startStripeProtocolServer,
  type StripeProtocolServer,
  type StripeProtocolServerOptions,
} from './stripe-protocol/server';
export type {
  StoredCalculation,
  StoredCalculationLine,
  StoredTaxTransaction,
  StoredTaxTransactionLine,
} from './stripe-protocol/tax-types';
export type { PaymentError, StoredCharge, StoredIntent, StoredPaymentMethod } from './stripe-protocol/types';

import type { Customer } from '#shared/accounts/customer.ts';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { PaymentMethodEvidenceAnswer } from '#shared/orders/checkout-schema.ts';
import { STATUS_RULES } from '#shared/orders/order-lifecycle.ts';
import { TAX_MESSAGES } from '#shared/taxes/taxes.ts';
import type { OrderRow } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import type { PaymentMethodFacts } from '../../providers/payments/payment-provider';
import { taxOrder, type OrderTax } from '../taxes';
import type { OrderDeps } from './order-deps';
import { taxColumnsOf } from './order-tax-columns';
import { findOrderByIntent, findOrderItems, lockOrderById } from './repository';
import { taxDepsOf } from './price-cart';
import { customerOwns } from './order-customer';
import { paymentAnswer } from './service';

export const NO_LONGER_PAYABLE = 'This order can no longer be paid. Please start the checkout again.';
const UNKNOWN_CARD = 'Your card could not be read. Please enter it again.';

/**
 * POST /api/checkout/payment-method: the step between the card form making a payment method and confirming it.
 * The provider tells the card's issuing country and the billing address's; the order is taxed again by them (the
 * two must agree, or the buyer says which is theirs: a 409 naming `country` with both to choose from), its amount
 * and lines updated in a transaction while it is still unpaid, and the intent's amount set to match, before the
 * page confirms. `changed` tells the page the total moved, so the buyer sees it before paying.
 */
export async function taxByPaymentMethod(
  deps: OrderDeps,
  customer: Customer | null,
  body: { paymentIntentId: string; paymentMethodId: string; country?: string | undefined },
): Promise<PaymentMethodEvidenceAnswer> {
  const order = await payableOrder(deps, customer, body.paymentIntentId);
  const method = await deps.payments.readPaymentMethod(body.paymentMethodId);
  if (!method) throw new InvalidInputError(UNKNOWN_CARD, { paymentMethodId: [UNKNOWN_CARD] });
  return taxByMethod(deps, order, method, body.country ?? null, body.paymentMethodId);
}

/**
 * The buyer's own unpaid order that pays with this intent; 404 for anyone else's, 409 once it cannot be paid.
 * Signed out with no address given (null), a guest's order is reached by its intent's id, which only the browser
 * paying it was given: enough for a step that only taxes the order by what the provider says of the card.
 */
export async function payableOrder(
  deps: OrderDeps,
  customer: Customer | null,
  paymentIntentId: string,
): Promise<OrderRow> {
  const order = await findOrderByIntent(deps.db, paymentIntentId);
  const owned = order && (customer ? customerOwns(customer, order) : order.user_id === null);
  if (!order || !owned) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (order.paid_at || !STATUS_RULES[order.status].payAgain) throw new ConflictError(NO_LONGER_PAYABLE);
  return order;
}

/**
 * The order taxed again by what the buyer pays with, and the intent's amount set to match, with the method's type
 * and label recorded (receipts name it). A card's (a wallet's card's) issuing country is weighed against the billing
 * address's; a method without a card leaves the billing country to decide, its own country (a bank's) kept as
 * evidence beside it.
 */
export async function taxByMethod(
  deps: OrderDeps,
  order: OrderRow,
  method: PaymentMethodFacts,
  confirmedCountry: string | null,
  paymentMethodId?: string,
): Promise<PaymentMethodEvidenceAnswer> {
  const items = await findOrderItems(deps.db, [order.id]);
  const billingCountry = method.billingCountry ?? order.billing_country;
  const taxed = await taxOrder(taxDepsOf(deps), {
    reference: order.order_number,
    currency: order.currency,
    lines: items.map((item) => ({
      reference: `${item.artwork_id}-${item.licence}`,
      amountCents: item.line_total_cents,
      quantity: item.quantity,
    })),
    billingCountry,
    cardCountry: method.cardCountry,
    confirmedCountry,
    // The number that earned the reverse charge when the order was made is checked again with the payment (VIES's
    // answer of the last minutes, kept by this instance, stands).
    vatNumber: order.vat_number,
  });
  if (taxed.status === 'mismatch') {
    const message = TAX_MESSAGES.countryMismatch(taxed.billingCountry, taxed.cardCountry);
    throw new ConflictError(message, { country: [message], countryChoices: [taxed.billingCountry, taxed.cardCountry] });
  }
  if (taxed.status === 'refused') throw new InvalidInputError(taxed.problem, { vatNumber: [taxed.problem] });
  const tax: OrderTax = { ...taxed.tax, notice: taxed.tax.notice ?? (order.vat_number ? null : order.tax_notice) };

  // The intent first: an intent that can no longer take a new amount (confirmed meanwhile) leaves the order as it
  // was priced, so whatever it is paid matches the order. The order then follows, while it is still unpaid; should
  // that fail, the page's retry sets both again before anything is confirmed.
  const paymentIntentId = order.payment_intent_id ?? '';
  const intent = await deps.payments.updateIntentAmount(paymentIntentId, tax.totalCents, paymentMethodId);
  if (intent.amount !== tax.totalCents) throw new ConflictError(NO_LONGER_PAYABLE);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrderById(trx, order.id);
    if (!locked || locked.paid_at || !STATUS_RULES[locked.status].payAgain) return null;
    const now = new Date().toISOString();
    await trx
      .updateTable('orders')
      .set({
        amount_cents: tax.totalCents,
        ...taxColumnsOf({ ...tax, billingCountry, pricesIncludeTax: deps.config.tax.pricesIncludeTax }),
        card_country: method.cardCountry,
        payment_method_type: method.type,
        payment_method_label: method.label,
        payment_method_country: method.methodCountry,
        tax_evidence_at: now,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .execute();
    for (const [index, item] of items.entries()) {
      const line = tax.lines[index]!;
      await trx
        .updateTable('order_items')
        .set({ net_cents: line.netCents, tax_cents: line.taxCents, tax_rate_bp: line.rateBp })
        .where('id', '=', item.id)
        .execute();
    }
    return trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  });
  if (!updated) throw new ConflictError(NO_LONGER_PAYABLE);
  return { ...(await paymentAnswer(deps, updated, intent)), changed: tax.totalCents !== order.amount_cents };
}

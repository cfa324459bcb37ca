import type { TestApp } from './test-app';

const CARD = { number: '4242424242424242', name: 'Ada' };
const BILLING = { postalCode: '12345', country: 'US' };

/**
 * A payment method made as the test provider's card form makes it (expiry and CVC any valid ones), before the
 * checkout taxes the order by the card's country. Returns its id and the card's facts (its country).
 */
export async function createTestPaymentMethod(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  card: { number: string; name?: string },
  billing: { postalCode: string; country: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/payment-methods',
    payload: { card: { ...card, expMonth: 12, expYear: 34, cvc: '123' }, billing },
    headers: { cookie },
  });
  return response.json<{ id: string; card: { country: string } }>();
}

/**
 * A paid order, bought as the checkout page buys it with the built-in test provider: the intent (priced and taxed
 * by the billing country), the card form's payment method, the order taxed again by the card's country, the card
 * confirmed, the order confirmed. Returns its payment's ids, the order and its first line.
 */
export async function buyWithTestCard(
  t: Pick<TestApp, 'app' | 'db'>,
  cookie: string,
  cart: {
    items: Array<{ id: number; quantity: number; licence?: 'personal' | 'commercial'; amount?: number }>;
    /** Sets bought whole. */
    sets?: Array<{ setId: number; licence?: 'personal' | 'commercial' }>;
    /** Personal lines of the buyer's library upgraded to Commercial (decision 0068). */
    upgrades?: Array<{ itemId: number; guestToken?: string }>;
    email: string;
    code?: string;
    firstName?: string;
    lastName?: string;
    vatNumber?: string;
  },
  /** The billing country, a test card of another country (test-cards.ts), the buyer's answer when they disagree. */
  payer: { country?: string; cardNumber?: string; confirmCountry?: string } = {},
) {
  const billing = { ...BILLING, country: payer.country ?? BILLING.country };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { ...cart, country: billing.country },
    headers: { cookie },
  });
  if (created.statusCode !== 200) throw new Error(`no payment intent: ${created.body}`);
  const intent = created.json<{ clientSecret: string; paymentIntentId: string }>();
  const method = await createTestPaymentMethod(
    t,
    cookie,
    { ...CARD, number: payer.cardNumber ?? CARD.number },
    billing,
  );
  const taxed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/payment-method',
    payload: { paymentIntentId: intent.paymentIntentId, paymentMethodId: method.id, country: payer.confirmCountry },
    headers: { cookie },
  });
  if (taxed.statusCode !== 200) throw new Error(`not taxed by the card: ${taxed.body}`);
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-method',
    payload: { clientSecret: intent.clientSecret, paymentMethodId: method.id },
    headers: { cookie },
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/confirm',
    payload: { paymentIntentId: intent.paymentIntentId },
    headers: { cookie },
  });
  if (confirmed.json<{ status?: string }>().status !== 'paid') throw new Error(`order not paid: ${confirmed.body}`);
  const order = await t.db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('payment_intent_id', '=', intent.paymentIntentId)
    .executeTakeFirstOrThrow();
  const item = await t.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { ...intent, orderId: order.id, orderNumber: order.order_number, itemId: item.id };
}

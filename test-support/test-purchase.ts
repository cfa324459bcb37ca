import type { TestApp } from './test-app';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };
const BILLING = { postalCode: '12345', country: 'US' };

/**
 * A paid order, bought as the checkout page buys it with the built-in test provider: the intent, a card that goes
 * through, the confirmation. Returns its payment's ids, the order and its first line.
 */
export async function buyWithTestCard(
  t: Pick<TestApp, 'app' | 'db'>,
  cookie: string,
  cart: {
    items: Array<{ id: number; quantity: number; licence?: 'personal' | 'commercial' }>;
    email: string;
    code?: string;
    firstName?: string;
    lastName?: string;
  },
) {
  const intent = (
    await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: cart, headers: { cookie } })
  ).json<{ clientSecret: string; paymentIntentId: string }>();
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret: intent.clientSecret, card: CARD, billing: BILLING },
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

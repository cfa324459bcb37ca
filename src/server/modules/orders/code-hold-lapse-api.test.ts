import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import { quietOrderDeps } from '#test-support/tax-orders.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { lapseCodeHolds } from './lapse-code-holds';

const THREE_D_SECURE = { number: '4000002500003155', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };

// A limited code's hold against a checkout left open, and against the race a hold cannot stop: a payment reaching the
// provider after its hold lapsed or moved. Against the loopback Stripe API, on both engines.

const orderDepsOf = (t: Pick<TestApp, 'db' | 'config'>) => quietOrderDeps(t.db, t.config);

describe.each(TEST_ENGINES)('a limited code held at a Stripe checkout on %s', (engine) => {
  let t: StripeCheckout;
  let owner: string;
  let buyers = 0;
  let quantity = 0;

  beforeAll(async () => {
    t = await startStripeCheckout(engine);
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
  });
  afterAll(() => t.close());

  const newBuyer = async () => signedInCookie(t.app, t.db, `holder${++buyers}@shop.test`, 'customer');
  /** A checkout of a cart of its own (another quantity each time) with the code. */
  const checkout = async (cookie: string, code: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: t.artworkId, quantity: ++quantity }], email: 'x@shop.test', code },
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ paymentIntentId: string; amount: number }>();
  };
  const orderOf = (intentId: string) =>
    t.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intentId).executeTakeFirstOrThrow();
  const holdOf = async (intentId: string) =>
    t.db
      .selectFrom('discount_reservations')
      .selectAll()
      .where('order_id', '=', (await orderOf(intentId)).id)
      .executeTakeFirstOrThrow();
  const lapse = (discountId: number) =>
    t.db
      .updateTable('discount_reservations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('discount_id', '=', discountId)
      .where('status', '=', 'held')
      .execute();
  const pay = async (intentId: string) => {
    t.stripe.succeedIntent(intentId);
    const delivered = await t.deliver(t.stripe.eventFor('payment_intent.succeeded', intentId));
    expect(delivered.statusCode).toBe(200);
  };

  it.each([
    ['the holder pays first', 'RACE1', false],
    ['the late one pays first', 'RACE2', true],
  ])('keeps a payment whose hold lapsed, and records the use past the limit once (%s)', async (_, code, lateFirst) => {
    const id = await insertTestDiscount(t.db, { code, percent_off: 20, max_uses: 1 });
    const late = await checkout(await newBuyer(), code);
    await lapse(id);
    const taker = await checkout(await newBuyer(), code);

    // Both buyers were already paying at the provider: the one whose hold lapsed is the one past the limit, whichever
    // payment arrives first, however often.
    for (const intent of lateFirst ? [late, late, taker] : [taker, late, late]) await pay(intent.paymentIntentId);
    for (const intent of [taker, late]) {
      expect(await orderOf(intent.paymentIntentId)).toMatchObject({ status: 'paid', amount_cents: intent.amount });
    }
    const overspends = await t.db.selectFrom('discount_overspends').selectAll().where('discount_id', '=', id).execute();
    expect(overspends).toMatchObject([{ order_id: (await orderOf(late.paymentIntentId)).id, reason: 'max-uses' }]);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/discounts', headers: { cookie: owner } });
    const shown = list.json<{ items: Array<{ id: number; uses: number; overspentUses: number }> }>();
    expect(shown.items.find((discount) => discount.id === id)).toMatchObject({ uses: 2, overspentUses: 1 });
  });

  it('lets a lapsed checkout go with its intent, so its discounted price can no longer be charged', async () => {
    const id = await insertTestDiscount(t.db, { code: 'SWEEP', percent_off: 10, max_uses: 3 });
    const left = await checkout(await newBuyer(), 'SWEEP');
    const fresh = await checkout(await newBuyer(), 'SWEEP');
    await lapse(id);
    await t.db
      .updateTable('discount_reservations')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('order_id', '=', (await orderOf(fresh.paymentIntentId)).id)
      .execute();

    expect(await lapseCodeHolds(orderDepsOf(t), new Date())).toEqual({ released: 1, extended: 0 });
    expect(t.stripe.intents.get(left.paymentIntentId)?.status).toBe('canceled');
    expect(await orderOf(left.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect((await holdOf(left.paymentIntentId)).status).toBe('released');
    expect(t.stripe.intents.get(fresh.paymentIntentId)?.status).toBe('requires_payment_method');
    expect((await holdOf(fresh.paymentIntentId)).status).toBe('held');
    // Swept again: nothing left to do.
    expect(await lapseCodeHolds(orderDepsOf(t), new Date())).toEqual({ released: 0, extended: 0 });
  });

  it("moves a buyer's hold to their newer checkout and cancels the older one's intent", async () => {
    const id = await insertTestDiscount(t.db, { code: 'MOVE', percent_off: 10, max_uses: 1 });
    const buyer = await newBuyer();
    const first = await checkout(buyer, 'MOVE');
    const second = await checkout(buyer, 'MOVE');
    expect(t.stripe.intents.get(first.paymentIntentId)?.status).toBe('canceled');
    expect(await orderOf(first.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const holds = await t.db
      .selectFrom('discount_reservations')
      .select('status')
      .where('discount_id', '=', id)
      .orderBy('id')
      .execute();
    expect(holds.map((hold) => hold.status)).toEqual(['released', 'held']);
    await pay(second.paymentIntentId);
    expect(await t.db.selectFrom('discount_overspends').selectAll().where('discount_id', '=', id).execute()).toEqual(
      [],
    );
  });
});

describe.each(TEST_ENGINES)('a limited code held while its payment is under way on %s', (engine) => {
  let t: TestApp;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Slow Bank', price: 12 }])) as [number];
  });
  afterAll(() => t.close());

  it("keeps the hold of a checkout at its bank's step, lapsed or moved, 30 minutes more", async () => {
    const id = await insertTestDiscount(t.db, { code: 'BANK', percent_off: 10, max_uses: 2 });
    const cookie = await signedInCookie(t.app, t.db, `bank-${engine}@shop.test`, 'customer');
    const checkout = async (quantity: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { items: [{ id: artworkId, quantity }], email: 'x@shop.test', code: 'BANK' },
          headers: { cookie },
        })
      ).json<{ paymentIntentId: string; clientSecret: string }>();
    const paying = await checkout(1);
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { clientSecret: paying.clientSecret, card: THREE_D_SECURE, billing: { postalCode: '1', country: 'US' } },
      headers: { cookie },
    });
    expect(step.json()).toMatchObject({ status: 'requires_action' });

    // A newer checkout with the code: the one at the bank's step keeps its hold.
    await checkout(2);
    const holds = () =>
      t.db
        .selectFrom('discount_reservations')
        .select(['status', 'expires_at'])
        .where('discount_id', '=', id)
        .orderBy('id')
        .execute();
    expect((await holds()).map((hold) => hold.status)).toEqual(['held', 'held']);

    await t.db
      .updateTable('discount_reservations')
      .set({ expires_at: new Date(0).toISOString() })
      .execute();
    const now = new Date();
    expect(await lapseCodeHolds(orderDepsOf(t), now)).toEqual({ released: 1, extended: 1 });
    const [kept, letGo] = await holds();
    expect(kept).toMatchObject({ status: 'held' });
    expect(new Date(kept!.expires_at).getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(letGo).toMatchObject({ status: 'released' });
    const intent = await orderDepsOf(t).payments.retrieveIntent(paying.paymentIntentId);
    expect(intent?.status).toBe('requires_action');
  });
});

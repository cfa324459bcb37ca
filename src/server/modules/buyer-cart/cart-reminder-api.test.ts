import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { downloadSigningSecret } from '../downloads';
import { MailQueue } from '../mail-queue';
import { isUnsubscribeToken } from '../mailing-list';
import { sendDueCartReminders, type CartReminderDeps } from './cart-reminders';

// The one cart reminder: queued once a consenting buyer's cart has been left for 24 hours, with the list headers
// and the seller's address; never without a confirmed consent, never twice for one cart (a change after it counts
// as the same cart), never after the cart was bought; an emptied and refilled cart is a new one. Time moves by
// running the pass at a given date.

const HOUR = 3_600_000;
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

describe.each(TEST_ENGINES)('cart reminders on %s', (engine) => {
  let t: TestApp;
  let deps: CartReminderDeps;
  let dawn: number;
  let dusk: number;

  const later = (hours: number) => new Date(Date.now() + hours * HOUR);
  const putCart = async (cookie: string, ids: number[]) => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/account/cart',
      headers: { cookie },
      payload: { lines: ids.map((id) => ({ kind: 'artwork', id, licence: 'personal', quantity: 1 })) },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const consent = async (email: string, status: 'confirmed' | 'pending') => {
    await t.db
      .insertInto('mail_consents')
      .values({
        email,
        kind: 'cart-reminders',
        status,
        source: 'account',
        wording: 'Remind me of a cart I leave.',
        consented_at: new Date().toISOString(),
        confirmed_at: status === 'confirmed' ? new Date().toISOString() : null,
      })
      .execute();
  };
  const remindersTo = (email: string) =>
    t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('kind', '=', 'list-cart-reminders')
      .where('to_address', '=', email)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { SELLER_NAME: 'Atelier Test', SELLER_ADDRESS: '1 Gallery Road, Springfield' },
      { pictureFactsBackfill: false },
    );
    [dawn, dusk] = (await insertTestArtworks(t.db, [
      { title: 'Dawn Over Water', price: 10 },
      { title: 'Dusk', price: 12 },
    ])) as [number, number];
    deps = {
      db: t.db,
      mail: new MailQueue(t.db, { send: async () => undefined }, quiet),
      secret: downloadSigningSecret(t.db, t.config.downloadSigningSecret),
      config: t.config,
      log: quiet,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('queues one reminder 24 hours after the last change, with the list headers, a link to the cart and the seller', async () => {
    const email = 'waiting@cart.test';
    const buyer = await signedInCookie(t.app, t.db, email, 'customer');
    await consent(email, 'confirmed');
    await putCart(buyer, [dawn]);

    expect(await sendDueCartReminders(deps, later(23))).toBe(0);
    expect(await remindersTo(email)).toHaveLength(0);

    expect(await sendDueCartReminders(deps, later(25))).toBe(1);
    const [mail] = await remindersTo(email);
    expect(mail!.subject).toContain('Your cart is waiting');
    expect(mail!.text_body).toContain('Dawn Over Water');
    expect(mail!.text_body).toContain(`${t.config.publicUrl}/cart`);
    expect(mail!.text_body).toContain('1 Gallery Road, Springfield');
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(headers['List-Unsubscribe']!.slice(1, -1));
    expect(link.searchParams.get('kind')).toBe('cart-reminders');
    expect(await isUnsubscribeToken(deps.secret, email, 'cart-reminders', link.searchParams.get('token')!)).toBe(true);

    // Not twice: neither later, nor after a change (the same cart until it is bought or emptied).
    expect(await sendDueCartReminders(deps, later(60))).toBe(0);
    await putCart(buyer, [dawn, dusk]);
    expect(await sendDueCartReminders(deps, later(100))).toBe(0);
    expect(await remindersTo(email)).toHaveLength(1);

    // Emptied, then filled again: a new cart, with a reminder of its own.
    await putCart(buyer, []);
    await putCart(buyer, [dusk]);
    expect(await sendDueCartReminders(deps, later(25))).toBe(1);
    expect(await remindersTo(email)).toHaveLength(2);
  });

  it('sends none without a confirmed cart-reminders consent', async () => {
    const pending = 'pending@cart.test';
    const none = 'none@cart.test';
    await consent(pending, 'pending');
    for (const email of [pending, none]) await putCart(await signedInCookie(t.app, t.db, email, 'customer'), [dawn]);
    expect(await sendDueCartReminders(deps, later(25))).toBe(0);
    expect([...(await remindersTo(pending)), ...(await remindersTo(none))]).toHaveLength(0);
    const carts = await t.db
      .selectFrom('buyer_carts')
      .innerJoin('users', 'users.id', 'buyer_carts.user_id')
      .select('buyer_carts.reminder')
      .where('users.email', 'in', [pending, none])
      .execute();
    expect(carts.map((cart) => cart.reminder)).toEqual(['idle', 'idle']);
  });

  it('sends none once the cart is bought: the paid order takes its lines out', async () => {
    const email = 'bought@cart.test';
    const buyer = await signedInCookie(t.app, t.db, email, 'customer');
    await consent(email, 'confirmed');
    await putCart(buyer, [dawn, dusk]);
    await buyWithTestCard(t, buyer, { items: [{ id: dawn, quantity: 1 }], email });
    expect(await sendDueCartReminders(deps, later(25))).toBe(0);
    expect(await remindersTo(email)).toHaveLength(0);
    const cart = await t.app.inject({ method: 'GET', url: '/api/account/cart', headers: { cookie: buyer } });
    expect(cart.json<{ lines: Array<{ artwork: { id: number } }> }>().lines.map((line) => line.artwork.id)).toEqual([
      dusk,
    ]);
  });
});

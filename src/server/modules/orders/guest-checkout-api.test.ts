import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import type { GuestLibrary } from '#shared/orders/guest-orders-schema.ts';
import { GUEST_ORDER_MESSAGES } from '#shared/orders/guest-orders.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { linkToken, readOutbox, recipientOf, waitForMail } from '#test-support/outbox.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Guest checkout (decision 0058): orders without an account, known by the buyer's e-mail, their library reached by a
// signed link that lasts until the owner revokes it, and joining the account once the address is confirmed.

const PUBLIC_URL = 'http://shop.test';

describe.each(TEST_ENGINES)('guest checkout on %s', (engine) => {
  let t: TestApp;
  let off: TestApp;
  let owner: string;
  let artworkId: number;
  let ips = 0;
  const nextIp = () => `10.7.${ips >> 8}.${ips++ & 255}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { GUEST_CHECKOUT: 'true', PUBLIC_URL, LINKS_AGAIN_PER_HOUR: '2' });
    off = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    [artworkId = 0] = await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', artist: 'Mara Lind', price: 12.5, format: 'PNG' },
    ]);
    await givePrivateMaster(t, artworkId, 'harbour.png', Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251)));
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const cart = (email: string, extra: Record<string, unknown> = {}) => ({
    items: [{ id: artworkId, quantity: 1, licence: 'personal' }],
    email,
    firstName: 'Gus',
    lastName: 'Guest',
    country: 'US',
    ...extra,
  });
  const post = (app: TestApp, url: string, payload: unknown, ip = nextIp(), cookie?: string) =>
    app.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** A card order as the checkout page makes it, signed out, with the built-in test provider. */
  async function buyAsGuest(email: string): Promise<OrderSummary> {
    const ip = nextIp();
    const created = await post(t, '/api/create-payment-intent', cart(email), ip);
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json<{ clientSecret: string; paymentIntentId: string }>();
    const method = (
      await post(
        t,
        '/api/payments/test/payment-methods',
        {
          card: { number: '4242424242424242', name: 'Gus', expMonth: 12, expYear: 34, cvc: '123' },
          billing: { postalCode: '12345', country: 'US' },
        },
        ip,
      )
    ).json<{ id: string }>();
    const taxed = await post(
      t,
      '/api/checkout/payment-method',
      { paymentIntentId: intent.paymentIntentId, paymentMethodId: method.id },
      ip,
    );
    expect(taxed.statusCode, taxed.body).toBe(200);
    await post(
      t,
      '/api/payments/test/confirm-method',
      { clientSecret: intent.clientSecret, paymentMethodId: method.id },
      ip,
    );
    const confirmed = await post(t, '/api/orders/confirm', { paymentIntentId: intent.paymentIntentId, email }, ip);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<OrderSummary>();
  }
  const tokenOf = (link: string) => link.slice(`${PUBLIC_URL}/guest-orders/`.length);
  const library = (token: string) => t.app.inject({ method: 'GET', url: `/api/guest-orders/${token}` });

  it('with GUEST_CHECKOUT unset, a signed-out checkout is asked to sign in', async () => {
    const intent = await post(off, '/api/create-payment-intent', cart('nobody@shop.test'));
    expect(intent.statusCode).toBe(401);
    const free = await post(off, '/api/orders/free', cart('nobody@shop.test'));
    expect(free.statusCode).toBe(401);
  });

  it('a guest pays by card: the order has no user, its library link is answered and e-mailed, and downloads work', async () => {
    const order = await buyAsGuest('  Gus@Example.TEST ');
    expect(order.status).toBe('paid');
    expect(order.customerEmail).toBe('gus@example.test');
    expect(order.guestLink).toMatch(new RegExp(`^${PUBLIC_URL}/guest-orders/WA-`));
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();

    const receipt = await waitForMail(t.dataDir, 'gus@example.test', /receipt|order/i);
    expect(receipt.text).toContain(order.guestLink);

    const page = await library(tokenOf(order.guestLink!));
    expect(page.statusCode, page.body).toBe(200);
    const answer = page.json<GuestLibrary>();
    expect(answer.order.orderNumber).toBe(order.orderNumber);
    expect(answer.documents.map((d) => d.kind)).toEqual(['invoice']);
    const item = answer.order.items[0]!;
    const download = await t.app.inject({
      method: 'POST',
      url: `/api/guest-orders/${tokenOf(order.guestLink!)}/downloads/${item.itemId}`,
      payload: { format: 'png' },
    });
    expect(download.statusCode, download.body).toBe(200);
    const downloads = await t.db.selectFrom('downloads').selectAll().where('order_item_id', '=', item.itemId).execute();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.user_id).toBeNull();
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/guest-orders/${tokenOf(order.guestLink!)}/documents/${answer.documents[0]!.number}/pdf`,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');

    const certificate = await t.app.inject({
      method: 'GET',
      url: `/api/guest-orders/${tokenOf(order.guestLink!)}/certificates/${item.certificateNumber}/pdf`,
    });
    expect(certificate.statusCode, certificate.body).toBe(200);
    expect(certificate.headers['content-type']).toContain('application/pdf');

    // A forged signature is a 404, never a 5xx; another order's line through this link is refused.
    const forged = tokenOf(order.guestLink!).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await library(forged)).statusCode).toBe(404);
  });

  it('a guest completes a free order, and a once-per-customer code is once per address', async () => {
    await insertTestDiscount(t.db, { code: 'ONCEFREE', percent_off: 100, once_per_customer: 1 });
    const first = await post(t, '/api/orders/free', cart('once@shop.test', { code: 'ONCEFREE' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderSummary>()).toMatchObject({ status: 'paid', amount: 0 });
    expect(first.json<OrderSummary>().guestLink).toBeTruthy();

    // Another cart (two of it) with the same address, in another case: the code was used by this customer.
    const again = await post(
      t,
      '/api/orders/free',
      cart(' ONCE@shop.test', { code: 'ONCEFREE', items: [{ id: artworkId, quantity: 2, licence: 'personal' }] }),
    );
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json<{ details: Record<string, string[]> }>().details.code).toEqual([CODE_MESSAGES.alreadyUsed]);

    // Another address may use it.
    const other = await post(t, '/api/orders/free', cart('other-once@shop.test', { code: 'ONCEFREE' }));
    expect(other.statusCode, other.body).toBe(200);
  });

  it('"send me my links again" answers the same for any address and mails only the ones with orders', async () => {
    await buyAsGuest('again@shop.test');
    const known = await post(t, '/api/guest-orders/links', { email: 'again@shop.test' });
    const unknown = await post(t, '/api/guest-orders/links', { email: 'stranger@shop.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json<{ message: string }>().message).toBe(GUEST_ORDER_MESSAGES.linksAgainSent);
    const mail = await waitForMail(t.dataDir, 'again@shop.test', /Your orders/);
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/guest-orders/WA-`));
    expect((await readOutbox(t.dataDir)).filter((m) => recipientOf(m) === 'stranger@shop.test')).toHaveLength(0);
  });

  it('"links again" goes out through a real SMTP server to the known address only', async () => {
    const smtp = await startSmtpTestServer();
    const mailed = await createTestApp(engine, { GUEST_CHECKOUT: 'true', PUBLIC_URL, SMTP_URL: smtp.url });
    try {
      const [mailedArtwork] = await insertTestArtworks(mailed.db, [{ title: 'Salt Marsh', price: 9 }]);
      await insertTestDiscount(mailed.db, { code: 'SMTPFREE', percent_off: 100 });
      const free = await post(mailed, '/api/orders/free', {
        ...cart('smtp-guest@shop.test', { code: 'SMTPFREE' }),
        items: [{ id: mailedArtwork, quantity: 1, licence: 'personal' }],
      });
      expect(free.statusCode, free.body).toBe(200);
      const before = smtp.received.length;
      const known = await post(mailed, '/api/guest-orders/links', { email: 'smtp-guest@shop.test' });
      const unknown = await post(mailed, '/api/guest-orders/links', { email: 'nobody-here@shop.test' });
      expect(known.body).toBe(unknown.body);
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(before + 1);
      const sent = smtp.received.at(-1)!;
      expect(sent.envelopeTo).toEqual(['smtp-guest@shop.test']);
      expect(sent.mail.subject).toMatch(/Your orders/);
      expect(sent.mail.text).toContain(`${PUBLIC_URL}/guest-orders/${free.json<OrderSummary>().orderNumber}.1.`);
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });

  it('limits "links again" per address with 429 and Retry-After', async () => {
    const ask = () => post(t, '/api/guest-orders/links', { email: 'flood@shop.test' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the owner revokes a link (refused with a clear 403) and issues a new one that works', async () => {
    const order = await buyAsGuest('revoke@shop.test');
    const token = tokenOf(order.guestLink!);
    const revoke = await post(
      t,
      `/api/admin/orders/${order.orderNumber}/guest-link`,
      { action: 'revoke' },
      nextIp(),
      owner,
    );
    expect(revoke.statusCode, revoke.body).toBe(200);
    const refused = await library(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(GUEST_ORDER_MESSAGES.revoked);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.orderNumber}`,
      headers: { cookie: owner },
    });
    expect(detail.json<{ guestLink: unknown }>().guestLink).toEqual({ revoked: true });

    const reissue = await post(
      t,
      `/api/admin/orders/${order.orderNumber}/guest-link`,
      { action: 'reissue' },
      nextIp(),
      owner,
    );
    const fresh = reissue.json<{ guestLink: string }>().guestLink;
    expect((await library(tokenOf(fresh))).statusCode).toBe(200);
    expect((await library(token)).statusCode).toBe(403);
    // Only the owner may.
    const guest = await post(t, `/api/admin/orders/${order.orderNumber}/guest-link`, { action: 'revoke' });
    expect(guest.statusCode).toBe(401);
  });

  it("a refund stops the guest's downloads", async () => {
    const order = await buyAsGuest('refund@shop.test');
    const token = tokenOf(order.guestLink!);
    const itemId = (await library(token)).json<GuestLibrary>().order.items[0]!.itemId;
    const refund = await post(t, `/api/admin/orders/${order.orderNumber}/refund`, {}, nextIp(), owner);
    expect(refund.statusCode, refund.body).toBe(200);
    const download = await t.app.inject({
      method: 'POST',
      url: `/api/guest-orders/${token}/downloads/${itemId}`,
      payload: { format: 'png' },
    });
    expect(download.statusCode).toBe(403);
  });

  it('guest orders join the account once its address is confirmed, and show in its library', async () => {
    const order = await buyAsGuest('later@shop.test');
    expect((await post(t, '/api/auth/sign-up', { email: 'later@shop.test', password: 'long enough' })).statusCode).toBe(
      200,
    );
    const mail = await waitForMail(t.dataDir, 'later@shop.test', /Confirm your e-mail/);
    expect((await post(t, '/api/auth/confirm', { token: linkToken(mail, '/confirm-email') })).statusCode).toBe(200);
    const signIn = await post(t, '/api/auth/sign-in', { email: 'later@shop.test', password: 'long enough' });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const downloads = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie } });
    expect(downloads.json<{ orders: Array<{ orderNumber: string }> }>().orders.map((o) => o.orderNumber)).toContain(
      order.orderNumber,
    );
    // A guest order made after confirming joins at the next sign-in.
    const after = await buyAsGuest('later@shop.test');
    await post(t, '/api/auth/sign-in', { email: 'later@shop.test', password: 'long enough' });
    const row = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('order_number', '=', after.orderNumber)
      .executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
  });

  it('limits guest orders per address an hour with 429 and Retry-After', async () => {
    const limited = await createTestApp(engine, { GUEST_CHECKOUT: 'true', GUEST_ORDERS_PER_HOUR: '2' });
    try {
      const ask = () => post(limited, '/api/create-payment-intent', cart('busy@shop.test'));
      expect((await ask()).statusCode).not.toBe(429);
      expect((await ask()).statusCode).not.toBe(429);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

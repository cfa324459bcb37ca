import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/accounts/account.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import type { AdminOrderDetail, AdminOrderList } from '#shared/orders/owner-orders-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { linkToken, waitForMail } from '#test-support/outbox.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { hashPassword, insertUser } from '../users';

// The buyer's own account (decision 0074): a new address proven by a mailed link, a new password, other sessions
// ended, a copy of their data, and the account deleted with its orders kept, detached.

const PUBLIC_URL = 'http://shop.test';
const PASSWORD = 'first password here';

describe.each(TEST_ENGINES)('the account page API on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let artworkId: number;
  let ips = 0;
  const nextIp = () => `10.9.${ips >> 8}.${ips++ & 255}`;
  // Cheap scrypt parameters for test accounts: the hash names them, so verifying goes through the same code.
  let passwordHash: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { GUEST_CHECKOUT: 'true', PUBLIC_URL });
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    passwordHash = await hashPassword(PASSWORD, { N: 2 ** 12, r: 8, p: 1 });
    [artworkId = 0] = await insertTestArtworks(t.db, [{ title: 'Night Orchard', artist: 'Ida Berg', price: 14 }]);
    await givePrivateMaster(t, artworkId, 'orchard.png', Buffer.from(Array.from({ length: 2048 }, (_, i) => i % 251)));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await post('/api/auth/sign-in', { email, password });
    return { status: response.statusCode, cookie: String(response.headers['set-cookie']).split(';')[0] ?? '' };
  };
  const sessionUser = async (cookie: string) => (await get('/api/auth/session', cookie)).json().user;
  /** A confirmed account with PASSWORD, signed in `sessions` times (each its own browser). */
  async function account(email: string, sessions = 1): Promise<string[]> {
    await insertUser(t.db, { email, passwordHash, role: 'customer', confirmed: true });
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const signedIn = await signIn(email);
      expect(signedIn.status).toBe(200);
      cookies.push(signedIn.cookie);
    }
    return cookies;
  }
  /** A paid guest order, bought signed out as the checkout page buys it. */
  async function buyAsGuest(email: string): Promise<OrderSummary> {
    const ip = nextIp();
    const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    const intent = (await send('/api/create-payment-intent', { ...cart(email), country: 'US' })).json();
    const method = (
      await send('/api/payments/test/payment-methods', {
        card: { number: '4242424242424242', name: 'Vera', expMonth: 12, expYear: 34, cvc: '123' },
        billing: { postalCode: '12345', country: 'US' },
      })
    ).json();
    await send('/api/checkout/payment-method', { paymentIntentId: intent.paymentIntentId, paymentMethodId: method.id });
    await send('/api/payments/test/confirm-method', { clientSecret: intent.clientSecret, paymentMethodId: method.id });
    const confirmed = await send('/api/orders/confirm', { paymentIntentId: intent.paymentIntentId, email });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<OrderSummary>();
  }
  const cart = (email: string) => ({
    items: [{ id: artworkId, quantity: 1, licence: 'personal' as const }],
    email,
    firstName: 'Vera',
    lastName: 'Holm',
  });

  it('changes the address only once the link mailed to the new one is followed, and tells the old one', async () => {
    const [cookie] = await account(`vera-${engine}@shop.test`);
    await account(`taken-${engine}@shop.test`);

    const wrong = await post('/api/account/email', { newEmail: `new-${engine}@shop.test`, password: 'nope' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toEqual([ACCOUNT_MESSAGES.wrongPassword]);
    const taken = await post(
      '/api/account/email',
      { newEmail: `Taken-${engine}@shop.test`, password: PASSWORD },
      cookie,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.newEmail).toEqual([ACCOUNT_MESSAGES.emailTaken]);
    const bad = await post('/api/account/email', { newEmail: 'not an address', password: PASSWORD }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['newEmail']);
    expect((await post('/api/account/email', { newEmail: 'x@shop.test', password: PASSWORD })).statusCode).toBe(401);

    const asked = await post(
      '/api/account/email',
      { newEmail: ` New-${engine}@Shop.test`, password: PASSWORD },
      cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.emailChangeSent);
    const mail = await waitForMail(t.dataDir, `new-${engine}@shop.test`, /Confirm your new e-mail/);
    expect(mail.text).toContain(`${PUBLIC_URL}/confirm-new-email?token=`);

    // Until the link is followed, the account keeps its address.
    const waiting = (await get('/api/account', cookie)).json();
    expect(waiting.email).toBe(`vera-${engine}@shop.test`);
    expect(waiting.pendingEmail).toBe(`new-${engine}@shop.test`);
    expect((await signIn(`new-${engine}@shop.test`)).status).toBe(401);

    const token = linkToken(mail, '/confirm-new-email');
    const confirmed = await post('/api/account/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const told = await waitForMail(t.dataDir, `vera-${engine}@shop.test`, /was changed/);
    expect(told.text).toContain(`new-${engine}@shop.test`);
    expect((await get('/api/account', cookie)).json()).toMatchObject({
      email: `new-${engine}@shop.test`,
      pendingEmail: null,
    });
    expect((await signIn(`new-${engine}@shop.test`)).status).toBe(200);
    expect((await signIn(`vera-${engine}@shop.test`)).status).toBe(401);
    // Single use.
    const again = await post('/api/account/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ACCOUNT_MESSAGES.invalidEmailChangeLink);
  });

  it('refuses a link whose address another account took after it was sent', async () => {
    const [cookie] = await account(`slow-${engine}@shop.test`);
    await post('/api/account/email', { newEmail: `race-${engine}@shop.test`, password: PASSWORD }, cookie);
    const mail = await waitForMail(t.dataDir, `race-${engine}@shop.test`, /Confirm your new e-mail/);
    await account(`race-${engine}@shop.test`);
    const late = await post('/api/account/email/confirm', { token: linkToken(mail, '/confirm-new-email') });
    expect(late.statusCode).toBe(409);
    expect(late.json().details.newEmail).toEqual([ACCOUNT_MESSAGES.emailTaken]);
    expect((await get('/api/account', cookie)).json().email).toBe(`slow-${engine}@shop.test`);
  });

  it('changes the password: this session stays, the others end, the old password stops working', async () => {
    const [here, elsewhere] = await account(`pia-${engine}@shop.test`, 2);
    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'nope', newPassword: 'second password' },
      here,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.currentPassword).toEqual([ACCOUNT_MESSAGES.wrongPassword]);
    const short = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' }, here);
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().details)).toEqual(['newPassword']);
    expect(await sessionUser(elsewhere!)).not.toBeNull();

    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'second password' },
      here,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sessionUser(here!)).email).toBe(`pia-${engine}@shop.test`);
    expect(await sessionUser(elsewhere!)).toBeNull();
    expect((await signIn(`pia-${engine}@shop.test`)).status).toBe(401);
    expect((await signIn(`pia-${engine}@shop.test`, 'second password')).status).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const [here, second, third] = await account(`sol-${engine}@shop.test`, 3);
    const [stranger] = await account(`stranger-${engine}@shop.test`);
    const ended = await post('/api/account/sign-out-others', {}, here);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().ended).toBe(2);
    expect(await sessionUser(second!)).toBeNull();
    expect(await sessionUser(third!)).toBeNull();
    expect((await sessionUser(here!)).email).toBe(`sol-${engine}@shop.test`);
    expect((await sessionUser(stranger!)).email).toBe(`stranger-${engine}@shop.test`);
  });

  it('exports the buyer’s own data as JSON and CSV, and nothing of another buyer', async () => {
    const mine = `mine-${engine}@shop.test`;
    const theirs = `theirs-${engine}@shop.test`;
    const [me] = await account(mine);
    const [them] = await account(theirs);
    const myOrder = await buyWithTestCard(t, me!, cart(mine));
    const theirOrder = await buyWithTestCard(t, them!, { ...cart(theirs), firstName: 'Otto', lastName: 'Other' });
    const download = await post(`/api/downloads/${myOrder.itemId}`, { format: 'png' }, me);
    expect(download.statusCode, download.body).toBe(200);
    const review = (text: string, cookie?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/my-reviews/${artworkId}`,
        payload: { rating: 5, text, name: 'Reviewer', nameShown: 'first-name' },
        remoteAddress: nextIp(),
        headers: cookie ? { cookie } : {},
      });
    for (const [text, cookie] of [
      ['Mine: glows on the wall', me],
      ['Theirs: too dark', them],
    ] as const)
      expect((await review(text, cookie)).statusCode).toBeLessThan(300);

    const json = await get('/api/account/export/json', me);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = json.json();
    expect(data.sections.account.email).toBe(mine);
    expect(data.sections.orders).toHaveLength(1);
    const [order] = data.sections.orders;
    expect(order.storeReference).toBe(myOrder.orderNumber);
    expect(order.total.cents).toBe(1400);
    expect(order.total.formatted).toMatch(/14\.00/);
    expect(order.lines).toEqual([expect.objectContaining({ title: 'Night Orchard', quantity: 1 })]);
    expect(order.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice']);
    expect(data.sections.downloads).toEqual([expect.objectContaining({ artwork: 'Night Orchard', format: 'png' })]);
    expect(Array.isArray(data.sections.consents)).toBe(true);
    expect(data.sections.reviews).toEqual([expect.objectContaining({ rating: 5, text: 'Mine: glows on the wall' })]);
    expect(json.body).not.toContain('Theirs: too dark');
    expect(json.body).not.toContain(theirs);
    expect(json.body).not.toContain(theirOrder.orderNumber);
    expect(json.body).not.toContain('Otto');

    const csv = await get('/api/account/export/csv', me);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('section,record,field,value');
    expect(csv.body).toContain(`orders,1,storeReference,${myOrder.orderNumber}`);
    expect(csv.body).toContain(`account,1,email,${mine}`);
    expect(csv.body).not.toContain(theirs);
    expect(csv.body).not.toContain(theirOrder.orderNumber);

    expect((await get('/api/account/export/json')).statusCode).toBe(401);
    expect((await get('/api/account/export/xml', me)).statusCode).toBe(400);
  });

  it('deletes the account: sessions end, orders and invoices stay without the person, links are refused', async () => {
    const email = `gone-${engine}@shop.test`;
    // A guest order made with the address keeps its library link after it joins the account at the next sign-in.
    const guestOrder = await buyAsGuest(email);
    const guestToken = guestOrder.guestLink!.slice(`${PUBLIC_URL}/guest-orders/`.length);
    const [here, elsewhere] = await account(email, 2);
    const accountOrder = await buyWithTestCard(t, here!, cart(email));
    expect((await get(`/api/guest-orders/${guestToken}`)).statusCode).toBe(200);
    const joined = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('order_number', '=', guestOrder.orderNumber)
      .executeTakeFirstOrThrow();
    expect(joined.user_id).not.toBeNull();

    const orderRow = () =>
      t.db
        .selectFrom('orders')
        .selectAll()
        .where('order_number', '=', accountOrder.orderNumber)
        .executeTakeFirstOrThrow();
    const documents = () =>
      t.db.selectFrom('tax_documents').selectAll().where('order_id', '=', accountOrder.orderId).orderBy('id').execute();
    const before = await documents();
    expect(before).toHaveLength(1);
    // The PDF is drawn from the stored document each time (its creation date is the moment it is drawn): its text.
    const pdfWords = async () =>
      pdfText((await get(`/api/tax-documents/${before[0]!.display_number}/pdf`, owner)).rawPayload);
    const pdfBefore = await pdfWords();
    expect(pdfBefore).toContain(email);
    const salesBefore = (await get('/api/admin/sales', owner)).json();
    const now = new Date();
    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const taxBefore = (await get(`/api/admin/tax/report?quarter=${quarter}`, owner)).json();

    const ownerRefused = await post('/api/account/delete', { password: 'anything' }, owner);
    expect(ownerRefused.statusCode).toBe(403);
    expect(ownerRefused.json().error).toBe(ACCOUNT_MESSAGES.ownerCannotDelete);
    const wrong = await post('/api/account/delete', { password: 'not it' }, here);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toEqual([ACCOUNT_MESSAGES.wrongPassword]);
    expect((await orderRow()).user_id).not.toBeNull();

    const deleted = await post('/api/account/delete', { password: PASSWORD }, here);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(ACCOUNT_MESSAGES.accountDeleted);
    expect(String(deleted.headers['set-cookie'])).toMatch(/session=;/);

    expect(await sessionUser(here!)).toBeNull();
    expect(await sessionUser(elsewhere!)).toBeNull();
    expect((await signIn(email)).status).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const userIds = (await t.db.selectFrom('sessions').select('user_id').execute()).map((row) => row.user_id);
    const row = await orderRow();
    expect(userIds).not.toContain(row.user_id);
    expect(row.user_id).toBeNull();
    expect(row.account_deleted_at).not.toBeNull();
    expect(row.guest_link_revoked_at).not.toBeNull();
    expect(row.status).toBe('paid');
    const guestRow = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', guestOrder.orderNumber)
      .executeTakeFirstOrThrow();
    expect(guestRow.user_id).toBeNull();
    expect(guestRow.account_deleted_at).not.toBeNull();

    // The guest library link, its downloads and its invoice are refused from now on.
    const guestItem = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', guestRow.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/guest-orders/${guestToken}`)).statusCode).toBe(403);
    expect(
      (await post(`/api/guest-orders/${guestToken}/downloads/${guestItem.id}`, { format: 'png' })).statusCode,
    ).toBe(403);

    // The invoice is kept as issued (its stored document byte for byte), and the owner's figures do not move.
    const after = await documents();
    expect(after).toEqual(before);
    expect(await pdfWords()).toBe(pdfBefore);
    expect((await get('/api/admin/sales', owner)).json()).toEqual(salesBefore);
    expect((await get(`/api/admin/tax/report?quarter=${quarter}`, owner)).json()).toEqual(taxBefore);

    // The owner's list and detail show the order and its invoice, without the person.
    const list = (await get(`/api/admin/orders?q=${accountOrder.orderNumber}`, owner)).json<AdminOrderList>();
    expect(list.items).toEqual([
      expect.objectContaining({ orderNumber: accountOrder.orderNumber, accountDeleted: true, customerEmail: '' }),
    ]);
    expect(list.items[0]!.customerName).toBe('');
    const byAddress = (await get(`/api/admin/orders?q=${encodeURIComponent(email)}`, owner)).json<AdminOrderList>();
    expect(byAddress.items.map((item) => item.orderNumber)).not.toContain(accountOrder.orderNumber);
    const detail = (await get(`/api/admin/orders/${accountOrder.orderNumber}`, owner)).json<AdminOrderDetail>();
    expect(detail.documents.map((d) => d.number)).toEqual([before[0]!.display_number]);
    expect(detail.customerEmail).toBe('');

    // A new account with the same address gets none of it back.
    const [newcomer] = await account(email);
    const orders = await get(`/api/orders/${encodeURIComponent(email)}`, newcomer);
    expect(orders.statusCode).toBe(200);
    expect(orders.json<{ orders: OrderSummary[] }>().orders).toEqual([]);
    expect((await post(`/api/downloads/${accountOrder.itemId}`, { format: 'png' }, newcomer)).statusCode).toBe(404);
    expect((await get(`/api/tax-documents/${before[0]!.display_number}`, newcomer)).statusCode).toBe(404);
  });
});

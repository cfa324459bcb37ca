import { createHash, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_WORDING } from '#shared/mailing/consent-kinds.ts';
import { MAILING_LIST_MESSAGES } from '#shared/mailing/mailing-list.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { EventBus } from '../../events/event-bus';
import { SmtpMail } from '../../providers/mail/smtp-mail';
import { downloadSigningSecret } from '../downloads';
import { MailQueue } from '../mail-queue';
import { listMessage, mayMail, registerMailingListListeners } from '.';

const SELLER = { SELLER_NAME: 'Ada Prints Ltd', SELLER_ADDRESS: '1 Harbour Road\nBristol BS1 4XY' };
const silentLog = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

/** The confirming link's token in the last mail the SMTP server took for `to`. */
function confirmToken(smtp: Awaited<ReturnType<typeof startSmtpTestServer>>, to: string): string {
  const mail = smtp.received.filter((r) => r.envelopeTo[0] === to).at(-1);
  const match = /\/mailing-list\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.mail.text ?? '');
  if (!match?.[1]) throw new Error(`no confirming link to ${to}`);
  return match[1];
}

describe.each(TEST_ENGINES)('mailing list API on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpTestServer({ refuse: (address) => address.startsWith('gone') });
    t = await createTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'shop@shop.test', ...SELLER });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const consents = (email: string) =>
    t.db.selectFrom('mail_consents').selectAll().where('email', '=', email).orderBy('kind').execute();
  const mailsTo = (to: string) => smtp.received.filter((r) => r.envelopeTo[0] === to);
  let nextAddress = 1;
  const subscribe = (email: string, kinds: string[], remoteAddress = `10.9.0.${nextAddress++}`) =>
    t.app.inject({ method: 'POST', url: '/api/mailing-list/subscribe', payload: { email, kinds }, remoteAddress });
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/mailing-list/confirm', payload: { token } });

  it('subscribes from the footer as pending, mails one confirming link listing the kinds, and confirms them', async () => {
    const asked = await subscribe('Reader@Example.test', ['news', 'new-art', 'news']);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: MAILING_LIST_MESSAGES.asked });

    const pending = await consents('reader@example.test');
    expect(pending.map((row) => [row.kind, row.status, row.source, row.wording])).toEqual([
      ['new-art', 'pending', 'footer', CONSENT_WORDING['new-art']],
      ['news', 'pending', 'footer', CONSENT_WORDING.news],
    ]);
    expect(pending.every((row) => row.consented_at !== null && row.confirmed_at === null)).toBe(true);

    const [mail] = mailsTo('reader@example.test');
    expect(mailsTo('reader@example.test')).toHaveLength(1);
    expect(mail?.mail.text).toContain(CONSENT_WORDING.news);
    expect(mail?.mail.text).toContain(CONSENT_WORDING['new-art']);
    expect(mail?.mail.headerLines.some((h) => h.key.startsWith('list-'))).toBe(false);

    const confirmed = await confirm(confirmToken(smtp, 'reader@example.test'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: MAILING_LIST_MESSAGES.confirmed, kinds: ['news', 'new-art'] });
    const rows = await consents('reader@example.test');
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    expect(rows.every((row) => row.confirmed_at !== null && row.confirm_token_hash === null)).toBe(true);
    expect(await mayMail(t.db, 'reader@example.test', 'news')).toBe(true);
    expect(await mayMail(t.db, 'reader@example.test', 'cart-reminders')).toBe(false);

    // The link works once.
    const again = await confirm(confirmToken(smtp, 'reader@example.test'));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MAILING_LIST_MESSAGES.invalidConfirmLink);
  });

  it('changes nothing when a confirmed kind is asked again, and mails only for the kinds that wait', async () => {
    await subscribe('twice@example.test', ['news']);
    await confirm(confirmToken(smtp, 'twice@example.test'));
    const before = await consents('twice@example.test');

    expect((await subscribe('twice@example.test', ['news'])).statusCode).toBe(200);
    expect(mailsTo('twice@example.test')).toHaveLength(1);
    expect(await consents('twice@example.test')).toEqual(before);

    await subscribe('twice@example.test', ['news', 'review-requests']);
    expect(mailsTo('twice@example.test')).toHaveLength(2);
    const second = mailsTo('twice@example.test')[1]!.mail.text ?? '';
    expect(second).toContain(CONSENT_WORDING['review-requests']);
    expect(second).not.toContain(CONSENT_WORDING.news);
    expect((await consents('twice@example.test')).map((row) => [row.kind, row.status])).toEqual([
      ['news', 'confirmed'],
      ['review-requests', 'pending'],
    ]);
  });

  it('refuses a subscription without a kind or with a bad address, naming the field', async () => {
    const none = await subscribe('nobody@example.test', []);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(MAILING_LIST_MESSAGES.nothingAsked);
    const bad = await subscribe('not-an-address', ['news']);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details ?? {})).toContain('email');
    expect(
      await t.db.selectFrom('mail_consents').select('id').where('email', '=', 'nobody@example.test').execute(),
    ).toEqual([]);
  });

  it('unsubscribes by the one-click POST from another origin without cookies, and refuses a wrong token', async () => {
    await subscribe('leaver@example.test', ['news']);
    await confirm(confirmToken(smtp, 'leaver@example.test'));
    const secret = downloadSigningSecret(t.db, t.config.downloadSigningSecret);
    const message = await listMessage(
      { secret, config: t.config },
      { email: 'leaver@example.test', kind: 'news', subject: 'News', text: 'Hello.', html: '<p>Hello.</p>' },
    );
    const postUrl = /^<(.+)>$/.exec(message.headers!['List-Unsubscribe']!)![1]!;
    const path = postUrl.slice(t.config.publicUrl.length);
    expect(path).toMatch(/^\/api\/mailing-list\/unsubscribe\?email=leaver%40example.test&kind=news&token=/);

    const oneClick = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: 'https://elsewhere.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'List-Unsubscribe=One-Click',
      });

    const wrong = await oneClick(path.replace(/token=[^&]+/, `token=${'A'.repeat(43)}`));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MAILING_LIST_MESSAGES.invalidUnsubscribeLink);
    const otherKind = await oneClick(path.replace('kind=news', 'kind=new-art'));
    expect(otherKind.statusCode).toBe(400);
    expect((await consents('leaver@example.test'))[0]?.status).toBe('confirmed');

    const done = await oneClick(path);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: MAILING_LIST_MESSAGES.unsubscribed });
    const [row] = await consents('leaver@example.test');
    expect(row?.status).toBe('withdrawn');
    expect(row?.withdrawn_at).not.toBeNull();
    expect(row?.confirmed_at).not.toBeNull();
    expect(await mayMail(t.db, 'leaver@example.test', 'news')).toBe(false);
    // Twice is fine: the mail program may retry.
    expect((await oneClick(path)).statusCode).toBe(200);

    // The guard still refuses other cross-site POSTs.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'forged@example.test', kinds: ['news'] },
    });
    expect(crossSite.statusCode).toBe(403);

    // Withdrawn, it can be asked for again (pending until confirmed).
    await subscribe('leaver@example.test', ['news']);
    expect((await consents('leaver@example.test'))[0]?.status).toBe('pending');
  });

  it('builds list mail with the postal address, a visible link and both headers, signed by DKIM over them', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim = {
      domainName: 'shop.test',
      keySelector: 'mail',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const secret = downloadSigningSecret(t.db, t.config.downloadSigningSecret);
    const message = await listMessage(
      { secret, config: t.config },
      {
        email: 'Fan@Example.test',
        kind: 'new-art',
        subject: 'New this week',
        text: 'Three new prints.',
        html: '<!doctype html><html><body><p>Three new prints.</p></body></html>',
      },
    );
    expect(message.kind).toBe('list-new-art');
    expect(message.to).toBe('fan@example.test');
    expect(message.text).toContain('Ada Prints Ltd, 1 Harbour Road, Bristol BS1 4XY');
    expect(message.html).toContain('Ada Prints Ltd, 1 Harbour Road, Bristol BS1 4XY');
    expect(message.text).toMatch(
      /Unsubscribe: http:\/\/localhost:\d+\/unsubscribe\?email=fan%40example.test&kind=new-art&token=/,
    );
    expect(message.html).toMatch(
      /<a href="http:\/\/localhost:\d+\/unsubscribe\?email=fan%40example.test&amp;kind=new-art&amp;token=[^"]+">Unsubscribe<\/a>/,
    );
    expect(message.html.indexOf('Ada Prints Ltd')).toBeLessThan(message.html.indexOf('</body>'));

    // Straight through the provider: the app's own queue worker, which does not sign, must not take it first.
    const mailer = new SmtpMail(smtp.url, 'shop@shop.test', dkim);
    const { kind: _kind, ...mail } = message;
    await mailer.send(mail);
    mailer.close();
    const received = mailsTo('fan@example.test').at(-1)!;
    // As the headers came over the wire (mailparser folds the List-* headers into an object of its own).
    const line = (name: string) =>
      received.mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/mailing-list\/unsubscribe\?email=fan%40example.test&kind=new-art&token=[\w-]+>$/,
    );
    const signature = verifyDkim(received.raw, publicKey);
    expect(signature.signedHeaders).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from']),
    );
    expect(signature).toMatchObject({ domain: 'shop.test', selector: 'mail', bodyHashMatches: true, valid: true });
  });

  it('refuses to build list mail in production without the seller’s postal address', async () => {
    const secret = downloadSigningSecret(t.db, t.config.downloadSigningSecret);
    const config = {
      ...t.config,
      nodeEnv: 'production' as const,
      tax: { ...t.config.tax, seller: { ...t.config.tax.seller, address: null } },
    };
    const content = { email: 'a@example.test', kind: 'news' as const, subject: 'S', text: 'T', html: '<p>T</p>' };
    await expect(listMessage({ secret, config }, content)).rejects.toThrow(MAILING_LIST_MESSAGES.noSellerAddress);
    const development = { ...config, nodeEnv: 'development' as const };
    expect((await listMessage({ secret, config: development }, content)).text).toContain('Wall Art Store');
  });

  it('suppresses an address whose list mail gets a 5xx and does not retry it; a receipt to it is retried', async () => {
    await t.db
      .insertInto('mail_consents')
      .values({
        email: 'gone@example.test',
        kind: 'news',
        status: 'confirmed',
        source: 'import',
        wording: CONSENT_WORDING.news,
        consented_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
        user_id: null,
        withdrawn_at: null,
        confirm_token_hash: null,
        evidence: 'test',
      })
      .execute();
    expect(await mayMail(t.db, 'gone@example.test', 'news')).toBe(true);
    // Queued as any sender would, and delivered by the app's own worker (its SMTP provider, its refusal listener).
    const queue = new MailQueue(t.db, { send: () => Promise.reject(new Error('not this queue')) }, silentLog);
    const secret = downloadSigningSecret(t.db, t.config.downloadSigningSecret);
    const list = await listMessage(
      { secret, config: t.config },
      { email: 'gone@example.test', kind: 'news', subject: 'News', text: 'Hi.', html: '<p>Hi.</p>' },
    );
    const listId = await queue.enqueue(t.db, list);
    const receiptId = await queue.enqueue(t.db, {
      kind: 'receipt',
      to: 'gone@example.test',
      subject: 'Your receipt',
      text: 'Thanks.',
      html: '<p>Thanks.</p>',
    });

    const row = (id: number | undefined) =>
      t.db.selectFrom('mail_queue').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    await expect.poll(async () => (await row(listId)).given_up_at !== null, { timeout: 10_000 }).toBe(true);
    const listRow = await row(listId);
    expect(listRow.attempts).toBe(1);
    expect(listRow.sent_at).toBeNull();
    expect(listRow.last_error).toMatch(/550/);
    await expect.poll(async () => (await row(receiptId)).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const receiptRow = await row(receiptId);
    expect(receiptRow.given_up_at).toBeNull();
    expect(receiptRow.sent_at).toBeNull();
    expect(receiptRow.last_error).toMatch(/550/);
    // Due again later (the first retry waits 5 s): still in the queue.
    expect(new Date(receiptRow.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    await expect.poll(() => t.db.selectFrom('mail_suppressions').select('email').execute()).toHaveLength(1);

    const suppressed = await t.db.selectFrom('mail_suppressions').selectAll().execute();
    expect(suppressed.map((s) => s.email)).toEqual(['gone@example.test']);
    expect(suppressed[0]?.reason).toMatch(/550/);
    expect(await mayMail(t.db, 'gone@example.test', 'news')).toBe(false);
    // A suppressed address is not mailed a confirming link either.
    const before = smtp.received.length;
    await subscribe('gone@example.test', ['new-art']);
    expect(smtp.received.length).toBe(before);
  });

  it('imports CSV rows with evidence as confirmed, reports the others, and exports the list as CSV', async () => {
    const owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    const csv = [
      'email,kinds,consented_at,evidence',
      'one@example.test,news new-art,2025-03-01T10:00:00Z,"Mailchimp form, IP 203.0.113.7"',
      'two@example.test,news,2025-04-02,',
      'three@example.test,news,,Shop counter sign-up sheet',
      'four@example.test,spam,2025-04-02,Paper form',
      'not-mail,news,2025-04-02,Paper form',
    ].join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mailing-list/import',
      headers: { cookie: owner },
      payload: { csv },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = imported.json();
    expect(answer.imported).toBe(2);
    expect(answer.rejected.map((r: { line: number; email: string }) => [r.line, r.email])).toEqual([
      [3, 'two@example.test'],
      [4, 'three@example.test'],
      [5, 'four@example.test'],
      [6, 'not-mail'],
    ]);
    expect(answer.rejected[0].reason).toMatch(/evidence/i);
    const rows = await consents('one@example.test');
    expect(rows.map((row) => [row.kind, row.status, row.source, row.evidence])).toEqual([
      ['new-art', 'confirmed', 'import', 'Mailchimp form, IP 203.0.113.7'],
      ['news', 'confirmed', 'import', 'Mailchimp form, IP 203.0.113.7'],
    ]);
    expect(new Date(rows[0]!.consented_at).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(await consents('two@example.test')).toEqual([]);
    expect(await consents('three@example.test')).toEqual([]);

    // An address that unsubscribed here is not brought back by an old list, and the owner is told.
    const at = new Date().toISOString();
    await t.db
      .insertInto('mail_consents')
      .values({
        email: 'left@example.test',
        kind: 'news',
        status: 'withdrawn',
        source: 'footer',
        wording: CONSENT_WORDING.news,
        consented_at: at,
        confirmed_at: at,
        withdrawn_at: at,
        user_id: null,
        confirm_token_hash: null,
        evidence: null,
      })
      .execute();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mailing-list/import',
      headers: { cookie: owner },
      payload: { csv: 'email,kinds,consented_at,evidence\nleft@example.test,news,2025-01-01,Old list\n' },
    });
    expect(again.json()).toEqual({
      imported: 0,
      rejected: [{ line: 2, email: 'left@example.test', reason: expect.stringMatching(/left unsubscribed/) }],
    });
    expect((await consents('left@example.test'))[0]).toMatchObject({ status: 'withdrawn', source: 'footer' });

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailing-list/export.csv',
      headers: { cookie: owner },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="mailing-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toBe(
      'email,kinds,consented_at,evidence,status,source,wording,confirmed_at,withdrawn_at,suppressed',
    );
    const one = lines.find((line) => line.startsWith('one@example.test,news,'));
    expect(one).toMatch(
      /^one@example.test,news,2025-03-01T10:00:00.000Z,"Mailchimp form, IP 203.0.113.7",confirmed,import,[^,]+,\d{4}-[^,]+Z,,no$/,
    );
    expect(lines.some((line) => line.startsWith('gone@example.test,news,') && line.endsWith(',yes'))).toBe(true);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailing-list?kind=news&status=confirmed',
      headers: { cookie: owner },
    });
    expect(listed.statusCode).toBe(200);
    const list = listed.json();
    expect(list.subscribers.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining(['one@example.test', 'reader@example.test']),
    );
    expect(
      list.subscribers.every((s: { kind: string; status: string }) => s.kind === 'news' && s.status === 'confirmed'),
    ).toBe(true);
    expect(list.counts).toContainEqual({ kind: 'new-art', status: 'confirmed', count: expect.any(Number) });

    // Visitors and customers get nothing.
    const customer = await signedInCookie(t.app, t.db, 'customer@shop.test', 'customer');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/mailing-list', headers: { cookie: customer } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mailing-list/export.csv' })).statusCode).toBe(401);
  });

  it('records the boxes ticked at sign-up with source sign-up and their wording, and mails a confirming link', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        email: 'joiner@example.test',
        password: 'long enough words',
        listConsents: ['cart-reminders', 'news'],
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const rows = await consents('joiner@example.test');
    expect(rows.map((row) => [row.kind, row.status, row.source, row.wording])).toEqual([
      ['cart-reminders', 'pending', 'sign-up', CONSENT_WORDING['cart-reminders']],
      ['news', 'pending', 'sign-up', CONSENT_WORDING.news],
    ]);
    expect(mailsTo('joiner@example.test').map((r) => r.mail.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Confirm your subscription/)]),
    );

    // No box ticked: no consent at all.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'plain@example.test', password: 'long enough words' },
    });
    expect(await consents('plain@example.test')).toEqual([]);
  });

  it('records the boxes ticked at checkout with source checkout and the account', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'buyer@example.test', 'customer');
    const [artworkId] = await insertTestArtworks(t.db, [{ title: 'Harbour Lights', price: 12 }]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer },
      payload: {
        items: [{ id: artworkId, quantity: 1 }],
        email: 'buyer@example.test',
        listConsents: ['review-requests'],
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const rows = await consents('buyer@example.test');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'buyer@example.test')
      .executeTakeFirstOrThrow();
    expect(rows.map((row) => [row.kind, row.status, row.source, row.user_id])).toEqual([
      ['review-requests', 'pending', 'checkout', user.id],
    ]);
  });

  it('removes a deleted account’s consents, by its id and by its address', async () => {
    const cookie = await signedInCookie(t.app, t.db, 'leaving@example.test', 'customer');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'leaving@example.test')
      .executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      headers: { cookie },
      payload: { email: 'old-address@example.test', kinds: ['news'] },
    });
    await subscribe('leaving@example.test', ['new-art']);
    await subscribe('stays@example.test', ['new-art']);
    expect((await consents('old-address@example.test'))[0]?.user_id).toBe(user.id);

    const events = new EventBus({ db: t.db, log: silentLog });
    registerMailingListListeners(events);
    await t.db
      .transaction()
      .execute((trx) => events.emit(trx, { type: 'account.deleted', userId: user.id, email: 'leaving@example.test' }));

    expect(await consents('old-address@example.test')).toEqual([]);
    expect(await consents('leaving@example.test')).toEqual([]);
    expect(await consents('stays@example.test')).toHaveLength(1);
  });
});

/**
 * Checks a DKIM-Signature (RFC 6376, relaxed/relaxed, rsa-sha256) of a raw message against the public key: the
 * body hash, and the signature over the headers its h= names, the signature's own header last with b= empty.
 */
function verifyDkim(raw: Buffer, publicKey: KeyObject) {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  const headerBlock = text.slice(0, split);
  const body = text.slice(split + 4);
  const fields = headerBlock.split(/\r\n(?![ \t])/);
  const nameOf = (field: string) => field.slice(0, field.indexOf(':')).trim().toLowerCase();
  const relaxed = (field: string) =>
    `${nameOf(field)}:${field
      .slice(field.indexOf(':') + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim()}`;
  const dkimField = fields.find((field) => nameOf(field) === 'dkim-signature');
  if (!dkimField) throw new Error('no DKIM-Signature header');
  const tags = Object.fromEntries(
    dkimField
      .slice(dkimField.indexOf(':') + 1)
      .replace(/\s+/g, '')
      .split(';')
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)]),
  );
  const signedHeaders = String(tags.h).toLowerCase().split(':');
  const bodyLines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (bodyLines.length > 0 && bodyLines.at(-1) === '') bodyLines.pop();
  const canonicalBody = bodyLines.length > 0 ? `${bodyLines.join('\r\n')}\r\n` : '';
  const bodyHash = createHash('sha256').update(canonicalBody, 'latin1').digest('base64');
  const used = new Map<string, number>();
  const signedPart = signedHeaders.map((name) => {
    const all = fields.filter((field) => nameOf(field) === name);
    const taken = used.get(name) ?? 0;
    used.set(name, taken + 1);
    return `${relaxed(all[all.length - 1 - taken]!)}\r\n`;
  });
  const withoutB = relaxed(dkimField).replace(/b=[^;]*$/, 'b=');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signedPart.join('') + withoutB, 'latin1');
  return {
    domain: tags.d,
    selector: tags.s,
    signedHeaders,
    bodyHashMatches: bodyHash === tags.bh,
    valid: verifier.verify(publicKey, String(tags.b), 'base64'),
  };
}

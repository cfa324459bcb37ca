import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import { linkToken, readOutbox, recipientOf, waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { insertUser } from '../users/repository';
import { hashPassword } from '../users/password-hash';
import { requireAdmin } from './current-user';

const PUBLIC_URL = 'http://shop.test:3000';
let ipCounter = 0;
/** Each request comes from its own address unless a test says otherwise, so per-IP limits stay out of the way. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(TEST_ENGINES)('accounts API on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL, ADMIN_EMAIL: 'owner@shop.test' });
    t.app.get('/api/test-owner-only', { preHandler: requireAdmin }, async () => ({ ok: true }));
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    payload: object,
    options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? nextIp(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });
  const session = async (cookie?: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} })).json().user;
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie']).split(';')[0] ?? '';

  /** Signs up and confirms through the real mails; returns the address. */
  async function confirmedAccount(email: string, password: string): Promise<void> {
    expect((await post('/api/auth/sign-up', { email, password })).statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, email, /Confirm your e-mail/);
    expect((await post('/api/auth/confirm', { token: linkToken(mail, '/confirm-email') })).statusCode).toBe(200);
  }

  it('signs up, mails a confirmation link built from PUBLIC_URL, and refuses sign-in until confirmed', async () => {
    const response = await post(
      '/api/auth/sign-up',
      { email: 'Ann@Example.test', password: 'long enough' },
      { headers: { host: 'evil.example' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.signUpSuccess });

    const mail = await waitForMail(t.dataDir, 'ann@example.test', /Confirm your e-mail/);
    expect(mail.text).toContain(`${PUBLIC_URL}/confirm-email?token=`);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).toContain(`${PUBLIC_URL}/confirm-email?token=`);
    expect(mail.subject).toContain('Wall Art Store');

    const early = await post('/api/auth/sign-in', { email: 'ann@example.test', password: 'long enough' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: AUTH_MESSAGES.emailNotConfirmed });

    const confirm = await post('/api/auth/confirm', { token: linkToken(mail, '/confirm-email') });
    expect(confirm.json()).toEqual({ message: AUTH_MESSAGES.emailConfirmed });
    const again = await post('/api/auth/confirm', { token: linkToken(mail, '/confirm-email') });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(AUTH_MESSAGES.invalidConfirmLink);

    expect((await post('/api/auth/sign-in', { email: 'ANN@example.test', password: 'long enough' })).statusCode).toBe(
      200,
    );
  });

  it('sends a new confirmation link on request, and only the newest one works', async () => {
    await post('/api/auth/sign-up', { email: 'ben@example.test', password: 'long enough' });
    const first = await waitForMail(t.dataDir, 'ben@example.test', /Confirm/);
    const resend = await post('/api/auth/resend-confirmation', { email: 'ben@example.test' });
    expect(resend.json()).toEqual({ message: AUTH_MESSAGES.confirmationResent });
    await expect
      .poll(async () => (await readOutbox(t.dataDir)).filter((m) => recipientOf(m) === 'ben@example.test').length)
      .toBe(2);
    const second = await waitForMail(t.dataDir, 'ben@example.test', /Confirm/);
    expect((await post('/api/auth/confirm', { token: linkToken(first, '/confirm-email') })).statusCode).toBe(400);
    expect((await post('/api/auth/confirm', { token: linkToken(second, '/confirm-email') })).statusCode).toBe(200);
  });

  it('opens a session in an HttpOnly SameSite=Lax cookie, a new one at each sign-in, and ends it at sign-out', async () => {
    await confirmedAccount('cat@example.test', 'cat password');
    const first = await post('/api/auth/sign-in', { email: 'cat@example.test', password: 'cat password' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: { id: expect.any(Number), email: 'cat@example.test', role: 'customer' } });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(first.body).not.toContain(cookieOf(first).split('=')[1]);
    const cookie = cookieOf(first);
    expect(await session(cookie)).toMatchObject({ email: 'cat@example.test' });

    const second = await post('/api/auth/sign-in', { email: 'cat@example.test', password: 'cat password' }, { cookie });
    expect(cookieOf(second)).not.toBe(cookie);
    expect(await session(cookie)).toBeNull();

    const out = await post('/api/auth/sign-out', {}, { cookie: cookieOf(second) });
    expect(out.statusCode).toBe(204);
    expect(await session(cookieOf(second))).toBeNull();
    // The token is gone from the server, not just from the browser.
    const rows = await t.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('users.email', '=', 'cat@example.test')
      .select('token_hash')
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    await confirmedAccount('dan@example.test', 'dan password');
    const wrong = await post('/api/auth/sign-in', { email: 'dan@example.test', password: 'not it' });
    const unknown = await post('/api/auth/sign-in', { email: 'nobody@example.test', password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('gives one sentence when e-mail or password is missing, and field details for a short password', async () => {
    for (const body of [
      {},
      { email: 'x@example.test' },
      { password: 'something' },
      { email: ' ', password: 'something' },
    ]) {
      for (const url of ['/api/auth/sign-in', '/api/auth/sign-up']) {
        const response = await post(url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: AUTH_MESSAGES.missingCredentials });
      }
    }
    const short = await post('/api/auth/sign-up', { email: 'eve@example.test', password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.password).toEqual(['Password must be at least 8 characters']);
    const bad = await post('/api/auth/sign-up', { email: 'not-an-email', password: 'long enough' });
    expect(Object.keys(bad.json().details)).toEqual(['email']);
  });

  it('does not tell whether an address has an account when signing up again', async () => {
    await confirmedAccount('fay@example.test', 'original pass');
    const existing = await post('/api/auth/sign-up', { email: 'fay@example.test', password: 'attacker pass' });
    const fresh = await post('/api/auth/sign-up', { email: 'gus@example.test', password: 'another pass' });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    await waitForMail(t.dataDir, 'fay@example.test', /already have an account/);
    // The existing account keeps its password.
    expect((await post('/api/auth/sign-in', { email: 'fay@example.test', password: 'attacker pass' })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/sign-in', { email: 'fay@example.test', password: 'original pass' })).statusCode).toBe(
      200,
    );
  });

  it('resets a password by a single-use link, ending every session, and answers the same for unknown addresses', async () => {
    await confirmedAccount('hal@example.test', 'old password');
    const signedIn = cookieOf(await post('/api/auth/sign-in', { email: 'hal@example.test', password: 'old password' }));

    const known = await post('/api/auth/forgot-password', { email: 'hal@example.test' });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.test' });
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);

    const mail = await waitForMail(t.dataDir, 'hal@example.test', /Reset your password/);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const token = linkToken(mail, '/reset-password');
    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);

    const reset = await post('/api/auth/reset-password', { token, password: 'brand new password' });
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordUpdated });
    expect(await session(signedIn)).toBeNull();
    expect((await post('/api/auth/reset-password', { token, password: 'third password' })).json()).toEqual({
      error: AUTH_MESSAGES.invalidResetLink,
    });
    expect((await post('/api/auth/sign-in', { email: 'hal@example.test', password: 'old password' })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/sign-in', { email: 'hal@example.test', password: 'brand new password' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await confirmedAccount('ivy@example.test', 'ivy password');
    await post('/api/auth/forgot-password', { email: 'ivy@example.test' });
    const token = linkToken(await waitForMail(t.dataDir, 'ivy@example.test', /Reset/), '/reset-password');
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const response = await post('/api/auth/reset-password', { token, password: 'whatever password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    await confirmedAccount('jo@example.test', 'jo password');
    const idle = cookieOf(await post('/api/auth/sign-in', { email: 'jo@example.test', password: 'jo password' }));
    const old = cookieOf(await post('/api/auth/sign-in', { email: 'jo@example.test', password: 'jo password' }));
    expect(await session(idle)).not.toBeNull();
    const hashOf = async (cookie: string) => (await import('./tokens')).hashToken(cookie.split('=')[1] ?? '');
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('token_hash', '=', await hashOf(idle))
      .execute();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', await hashOf(old))
      .execute();
    expect(await session(idle)).toBeNull();
    expect(await session(old)).toBeNull();
  });

  it('limits sign-in attempts per address and per account, with Retry-After and no lockout', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post('/api/auth/sign-in', { email: `k${i}@example.test`, password: 'x' }, { ip: '10.9.9.9' }))
          .statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await post('/api/auth/sign-in', { email: 'other@example.test', password: 'x' }, { ip: '10.9.9.9' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });

    // From ten different addresses against one account: the account's own limit stops the eleventh.
    const perAccount: number[] = [];
    for (let i = 0; i < 11; i++)
      perAccount.push(
        (await post('/api/auth/sign-in', { email: 'target@example.test', password: 'guess' })).statusCode,
      );
    expect(perAccount[10]).toBe(429);

    // The window ends by itself: once it has passed, attempts are counted afresh.
    await t.db
      .updateTable('rate_limits')
      .set({ reset_at_ms: Date.now() - 1 })
      .execute();
    expect(
      (await post('/api/auth/sign-in', { email: 'target@example.test', password: 'guess' }, { ip: '10.9.9.9' }))
        .statusCode,
    ).toBe(401);
    // 23 sign-ins, each a full scrypt hash (an unknown address is hashed too, so it answers as slowly): 20 s was
    // too little on a shared 2-core machine, and 60 s at load 11 (the API and browser tests side by side).
  }, 120_000);

  it('refuses state-changing requests from other sites', async () => {
    const body = { email: 'x@example.test' };
    const crossOrigin = await post('/api/auth/forgot-password', body, { headers: { origin: 'https://evil.example' } });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json()).toEqual({ error: AUTH_MESSAGES.crossSiteRefused });
    expect(
      (await post('/api/auth/forgot-password', body, { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/auth/forgot-password', body, { headers: { 'sec-fetch-site': 'same-site' } })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/auth/forgot-password', body, { headers: { 'sec-fetch-site': 'same-origin' } })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/forgot-password', body, { headers: { origin: PUBLIC_URL } })).statusCode).toBe(200);
  });

  it('guards owner-only routes: 401 signed out, 403 for a customer, allowed for the owner', async () => {
    const ownerOnly = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/test-owner-only', headers: cookie ? { cookie } : {} });
    expect((await ownerOnly()).statusCode).toBe(401);
    await confirmedAccount('lee@example.test', 'lee password');
    const customer = cookieOf(await post('/api/auth/sign-in', { email: 'lee@example.test', password: 'lee password' }));
    expect((await ownerOnly(customer)).statusCode).toBe(403);
    await insertUser(t.db, {
      email: 'owner@shop.test',
      passwordHash: await hashPassword('owner password'),
      role: 'admin',
      confirmed: true,
    });
    const owner = await post('/api/auth/sign-in', { email: 'owner@shop.test', password: 'owner password' });
    expect(owner.json().user.role).toBe('admin');
    expect((await ownerOnly(cookieOf(owner))).statusCode).toBe(200);
  });

  it('stores passwords and session tokens only as hashes', async () => {
    await confirmedAccount('max@example.test', 'max password');
    const token =
      cookieOf(await post('/api/auth/sign-in', { email: 'max@example.test', password: 'max password' })).split(
        '=',
      )[1] ?? '';
    const user = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'max@example.test')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(user.password_hash).not.toContain('max password');
    const { hashToken } = await import('./tokens');
    const stored = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', [token, hashToken(token)])
      .execute();
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);
  });
});

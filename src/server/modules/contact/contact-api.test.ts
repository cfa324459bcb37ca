import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '#shared/store/contact.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

const valid = {
  name: 'Nora Buyer',
  email: 'nora@example.test',
  subject: 'Print size',
  message: 'Can I print this at A1?',
};

describe.each(TEST_ENGINES)('contact form API on %s', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: 'owner@shop.test',
      MAIL_FROM: 'no-reply@shop.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (payload: object, remoteAddress = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

  it('stores the message and mails it to the owner over SMTP with Reply-To set to the sender', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    const stored = await t.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Nora Buyer', email: 'nora@example.test', subject: 'Print size' });
    expect(stored[0]?.mailed_at).toBeTruthy();

    const received = smtp.received.at(-1);
    expect(received?.envelopeTo).toEqual(['owner@shop.test']);
    expect(received?.mail.subject).toBe('[Wall Art Store] Print size');
    expect(received?.mail.replyTo?.value[0]?.address).toBe('nora@example.test');
    expect(received?.mail.text).toContain('Can I print this at A1?');
  });

  it('needs all four fields and names the ones at fault', async () => {
    const response = await send({ name: ' ', email: 'not-mail', subject: 'Hi' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details).sort()).toEqual(['email', 'message', 'name']);
  });

  it('refuses an address with a NUL in it (400, naming it), before and after the limit counts it', async () => {
    // The per-account limit keys on the address before the body is checked; PostgreSQL's text refuses a NUL.
    for (const attempt of [1, 2]) {
      const response = await send({ ...valid, email: '\u0000' }, '10.2.0.77');
      expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().details)).toEqual(['email']);
    }
    expect((await send({ ...valid, email: 'nul-test@example.test' }, '10.2.0.77')).statusCode).toBe(201);
  });

  it('escapes what the sender wrote in the HTML mail', async () => {
    await send({ ...valid, message: '<script>alert(1)</script>' }, '10.2.0.2');
    expect(smtp.received.at(-1)?.mail.html).not.toContain('<script>');
  });

  it('keeps and queues the message when the mail server is down, says it was sent, and mails it once the server is back', async () => {
    const down = await startSmtpTestServer();
    await down.stop();
    const broken = await createTestApp(engine, { SMTP_URL: down.url, ADMIN_EMAIL: 'owner@shop.test' });
    try {
      const response = await broken.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      // Kept and queued: asking the visitor to try again would only send it twice (decision 0026).
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
      const stored = await broken.db.selectFrom('contact_messages').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.mailed_at).toBeNull();
      const queued = await broken.db.selectFrom('mail_queue').selectAll().execute();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ kind: 'contact', ref: String(stored[0]?.id), attempts: 1, sent_at: null });
      expect(queued[0]?.last_error).toBeTruthy();

      await down.start();
      // The retry is due in 5 s; brought forward here rather than waited for: the worker's next poll sends it.
      await broken.db.updateTable('mail_queue').set({ next_attempt_at: new Date().toISOString() }).execute();
      await expect
        .poll(
          async () =>
            (await broken.db.selectFrom('contact_messages').select('mailed_at').executeTakeFirst())?.mailed_at,
          { timeout: 5_000 },
        )
        .toBeTruthy();
      expect(down.received).toHaveLength(1);
      expect(down.received[0]?.mail.replyTo?.value[0]?.address).toBe('nora@example.test');
    } finally {
      await broken.close();
      await down.close();
    }
  });

  it('limits messages per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send({ ...valid, email: `s${i}@example.test` }, '10.2.0.9')).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

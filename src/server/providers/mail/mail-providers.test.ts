import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#test-support/outbox.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { OutboxMail } from './outbox-mail';
import { SmtpMail } from './smtp-mail';

const message = {
  to: 'buyer@example.test',
  subject: 'Your order — Wall Art Store',
  text: 'Thank you for your order: https://shop.test/downloads',
  html: '<p>Thank you for your order: <a href="https://shop.test/downloads">downloads</a></p>',
  replyTo: 'owner@shop.test',
};

describe('SMTP mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());

  it('delivers text and HTML with sender, recipient and Reply-To through a real SMTP exchange', async () => {
    const mailer = new SmtpMail(smtp.url, '"Wall Art Store" <no-reply@shop.test>');
    await mailer.send(message);
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [{ envelopeFrom, envelopeTo, mail }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelopeFrom).toBe('no-reply@shop.test');
    expect(envelopeTo).toEqual(['buyer@example.test']);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toContain('href="https://shop.test/downloads"');
    expect(mail.replyTo?.value[0]?.address).toBe('owner@shop.test');
  });

  it('sends a keyed message with the same Message-ID on every try, and others with one of their own', async () => {
    const before = smtp.received.length;
    const mailer = new SmtpMail(smtp.url, '"Wall Art Store" <no-reply@shop.test>');
    await mailer.send({ ...message, messageKey: 'queued-7.1795900000000' });
    await mailer.send({ ...message, messageKey: 'queued-7.1795900000000' });
    await mailer.send(message);
    mailer.close();
    const ids = smtp.received.slice(before).map((received) => received.mail.messageId);
    expect(ids.slice(0, 2)).toEqual(['<queued-7.1795900000000@shop.test>', '<queued-7.1795900000000@shop.test>']);
    expect(ids[2]).toMatch(/^<.+@shop\.test>$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('fails loudly when the server cannot be reached', async () => {
    const mailer = new SmtpMail('smtp://127.0.0.1:1', 'no-reply@shop.test');
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe('outbox mail', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file that a mail program can read, and logs where', async () => {
    const logged: string[] = [];
    const outbox = new OutboxMail({
      dir: path.join(dir, 'outbox'),
      from: 'no-reply@shop.test',
      log: (file) => logged.push(file),
    });
    await outbox.send(message);
    await outbox.send({ ...message, subject: 'Second' });
    const mails = await readOutbox(dir);
    expect(mails.map((m) => m.subject)).toEqual([message.subject, 'Second']);
    expect(mails[0]?.text?.trim()).toBe(message.text);
    expect(logged).toHaveLength(2);
    expect(fs.existsSync(logged[0] as string)).toBe(true);
  });
});

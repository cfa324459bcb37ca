import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { insertSubscribers } from '#test-support/list-subscribers.ts';
import { readOutbox, recipientOf } from '#test-support/outbox.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import type { MailMessage, MailProvider } from '../../providers/mail/mail-provider';
import { SmtpMail } from '../../providers/mail/smtp-mail';
import { claimDueJobs, endTurn } from '../../operations/jobs/job-lease';
import { BROADCAST_JOBS, insertBroadcast, startBroadcast } from './repository';
import { sendBatch, type SenderDeps } from './send-batch';

const SELLER = { SELLER_NAME: 'Wall Art Ltd', SELLER_ADDRESS: '12 Canal Street, Leeds LS1 4AB' };
const quietLog = { warn: () => undefined, error: () => undefined };

function senderDeps(t: TestApp, mail: MailProvider): SenderDeps {
  const secret = async () => Buffer.from('test-list-secret');
  return {
    db: t.db,
    mail,
    log: quietLog,
    list: { secret, config: t.config },
    render: { publicUrl: t.config.publicUrl, storeName: t.config.storeName, currency: t.config.tax.currency },
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statusOf = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('broadcasts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

async function recipientCounts(t: TestApp, id: number): Promise<Record<string, number>> {
  const rows = await t.db
    .selectFrom('broadcast_recipients')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('broadcast_id', '=', id)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** An SMTP server that refuses some addresses for good (550 at RCPT), as a mailbox that does not exist. */
async function refusingSmtpServer(refused: ReadonlySet<string>) {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        const error = new Error('5.1.1 No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(() => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        })
        .catch(callback);
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_ENGINES)('broadcasts (%s)', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('sends 1,000 messages with 0 duplicates when the sending instance dies halfway, at most one batch unknown', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(() => smtp.close());
    // The surviving instance: its runner starts with the app, and takes over once the dead claim lapses.
    // A pooled transport (nodemailer reads it from the URL) keeps the connection: 10 ms a message, not 100.
    const smtpUrl = `${smtp.url}?pool=true`;
    const t = await createTestApp(
      engine,
      { SMTP_URL: smtpUrl, ...SELLER },
      { broadcasts: { pollMs: 100, leaseMs: 1_500 } },
    );
    cleanups.push(() => t.close());
    const emails = Array.from({ length: 1_000 }, (_, i) => `fan${i}@example.com`);
    await insertSubscribers(t.db, 'news', emails);
    // Not subscribed to news: never mailed.
    await insertSubscribers(t.db, 'new-art', ['only-new-art@example.com']);
    const id = await insertBroadcast(
      t.db,
      {
        listKind: 'news',
        origin: 'owner',
        subject: 'Spring sale',
        bodyMarkdown: 'Hello **all**',
        artworkIds: [],
        ratePerMinute: 6_000,
      },
      new Date(),
    );
    expect(await startBroadcast(t.db, id, 6_000, new Date())).toBe(true);

    // The first instance sends five batches of 100, then dies while handing over the next batch's 11th message:
    // the mail server took it, but the instance never marked it sent.
    const smtpMail = new SmtpMail(smtpUrl, 'shop@example.com');
    let handed = 0;
    const dying: MailProvider = {
      async send(message: MailMessage) {
        handed += 1;
        await smtpMail.send(message);
        if (handed === 511) await new Promise(() => undefined);
      },
    };
    const worker = 'instance-a';
    const firstDeps = senderDeps(t, dying);
    for (let turn = 0; turn < 6; turn += 1) {
      // Due-ness asked as of a later time: the dying instance does not wait out the rate between its batches.
      const later = new Date(Date.now() + (turn + 1) * 60_000);
      const [job] = await claimDueJobs(t.db, BROADCAST_JOBS, {
        now: later,
        // Its last claim is short, as a dead instance's runs out unrenewed.
        until: new Date(Date.now() + (turn < 5 ? 60_000 : 10_000)),
        worker,
        limit: 1,
      });
      expect(job?.id).toBe(id);
      if (turn < 5) {
        await sendBatch(firstDeps, job!, worker);
        await endTurn(t.db, BROADCAST_JOBS, id, worker, { countAttempt: true });
      } else {
        void sendBatch(firstDeps, job!, worker);
      }
    }
    await waitUntil(async () => handed === 511, 30_000);
    expect(await recipientCounts(t, id)).toMatchObject({ sent: 510, sending: 1, queued: 489 });

    // The second instance starts; it waits for the dead claim to run out, then finishes.
    const cookie = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');
    await waitUntil(async () => (await statusOf(t, id)) === 'done', 60_000);

    const perAddress = new Map<string, number>();
    for (const mail of smtp.received) {
      for (const to of mail.envelopeTo) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect(smtp.received.length).toBe(1_000);
    expect([...perAddress.values()].filter((n) => n > 1)).toEqual([]);
    expect(perAddress.size).toBe(1_000);
    expect(perAddress.has('only-new-art@example.com')).toBe(false);
    const counts = await recipientCounts(t, id);
    expect(counts).toEqual({ sent: 999, unknown: 1 });

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/broadcasts/${id}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.progress).toBe(100);
    expect(body.counts).toMatchObject({ sent: 999, unknown: 1, queued: 0, sending: 0 });
    // The one message in doubt is listed: at most a batch, here the one being handed over.
    expect(body.unknown.map((row: { email: string }) => row.email)).toEqual(['fan510@example.com']);

    // Every list message carries the one-click unsubscribe and the sender's postal address.
    const sample = smtp.received.find((mail) => mail.envelopeTo.includes('fan7@example.com'))!.mail;
    const header = (key: string) => sample.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(header('list-unsubscribe')).toMatch(/\/api\/mailing-list\/unsubscribe\?email=fan7%40example\.com/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(sample.text).toContain('12 Canal Street, Leeds LS1 4AB');
    expect(sample.html).toContain('<strong>all</strong>');
    smtpMail.close();
  }, 120_000);

  it('marks a permanent refusal failed and suppresses the address for later broadcasts', async () => {
    const smtp = await refusingSmtpServer(new Set(['gone@example.com']));
    cleanups.push(() => smtp.close());
    const t = await createTestApp(engine, { SMTP_URL: smtp.url, ...SELLER }, { broadcasts: { pollMs: 100 } });
    cleanups.push(() => t.close());
    await insertSubscribers(t.db, 'news', ['ann@example.com', 'gone@example.com', 'bob@example.com']);
    const cookie = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');

    const send = async (subject: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/broadcasts',
        headers: { cookie },
        payload: { subject, bodyMarkdown: 'News.' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/admin/broadcasts/${id}/send`,
        headers: { cookie },
        payload: { ratePerMinute: 600 },
      });
      expect(sent.statusCode).toBe(200);
      await waitUntil(async () => (await statusOf(t, id)) === 'done', 20_000);
      return id;
    };

    const first = await send('First');
    expect(await recipientCounts(t, first)).toEqual({ sent: 2, failed: 1 });
    const failed = await t.db
      .selectFrom('broadcast_recipients')
      .select(['email', 'error'])
      .where('broadcast_id', '=', first)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.email).toBe('gone@example.com');
    expect(failed.error).toMatch(/550/);
    const suppressed = await t.db.selectFrom('mail_suppressions').select('email').execute();
    expect(suppressed.map((row) => row.email)).toEqual(['gone@example.com']);

    const second = await send('Second');
    expect(await recipientCounts(t, second)).toEqual({ sent: 2 });
    expect(smtp.accepted.filter((to) => to === 'gone@example.com')).toEqual([]);
    expect(smtp.accepted.sort()).toEqual(['ann@example.com', 'ann@example.com', 'bob@example.com', 'bob@example.com']);

    // A second send of the same broadcast starts nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/broadcasts/${second}/send`,
      headers: { cookie },
      payload: { ratePerMinute: 600 },
    });
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('sends the test to the owner alone, and leaves the broadcast a draft', async () => {
    const t = await createTestApp(engine, SELLER);
    cleanups.push(() => t.close());
    await insertSubscribers(t.db, 'news', ['ann@example.com', 'bob@example.com']);
    const cookie = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/broadcasts',
      headers: { cookie },
      payload: {
        subject: 'Autumn prints',
        bodyMarkdown: '# New\n\nA <script>alert(1)</script> [look](https://example.com/a)',
      },
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    // The preview is the rendered mail, the owner's HTML escaped.
    expect(draft.previewHtml).toContain('&lt;script&gt;');
    expect(draft.previewHtml).not.toContain('<script>');
    expect(draft.previewHtml).toContain('<a href="https://example.com/a">look</a>');

    const test = await t.app.inject({
      method: 'POST',
      url: `/api/admin/broadcasts/${draft.id}/test`,
      headers: { cookie },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ sentTo: 'owner@example.com' });
    const outbox = await readOutbox(t.dataDir);
    expect(outbox.map((mail) => [recipientOf(mail), mail.subject])).toEqual([
      ['owner@example.com', '[Test] Autumn prints'],
    ]);
    expect(await statusOf(t, draft.id)).toBe('draft');
    expect(await recipientCounts(t, draft.id)).toEqual({});

    // Bad input names the field; a customer is refused.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/broadcasts/${draft.id}/send`,
      headers: { cookie },
      payload: { ratePerMinute: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/rate/i);
    const customer = await signedInCookie(t.app, t.db, 'buyer@example.com', 'customer');
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/broadcasts', headers: { cookie: customer } });
    expect(refused.statusCode).toBe(403);
  });
});

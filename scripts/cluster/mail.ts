// The SMTP server the instances send through (smtp-server, as the mail tests use it), and reading a link the
// store mailed, as the customer would click it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceivedMail } from '../../test-support/smtp-test-server';

export { startSmtpTestServer as startSmtp } from '../../test-support/smtp-test-server';

/** The token of the newest message to `to` holding a `linkPath?token=…` link; the store sends after it answers. */
export async function mailedToken(
  received: ReceivedMail[],
  to: string,
  linkPath: string,
  timeoutMs = 15_000,
): Promise<string> {
  const pattern = new RegExp(`${linkPath.replace(/[/.?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const mail of [...received].reverse()) {
      if (!mail.envelopeTo.includes(to)) continue;
      const token = pattern.exec(mail.mail.text ?? '')?.[1];
      if (token) return token;
    }
    await sleep(50);
  }
  throw new Error(`No mail to ${to} with a ${linkPath} link within ${timeoutMs / 1000} s`);
}

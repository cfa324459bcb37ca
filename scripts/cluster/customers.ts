// Customers for a scenario, each signed up through the SMTP mail and signed in straight on one instance, each
// from an address of its own (X-Forwarded-For, which the instances trust behind nginx): the store allows 10
// sign-ups and sign-ins a minute per address, and a scenario with ten customers would otherwise meet that limit.
import { randomBytes } from 'node:crypto';
import type { ReceivedMail } from '../../test-support/smtp-test-server';
import { createCustomer, signIn, type Account } from './store-steps';

export interface Customer {
  account: Account;
  cookie: string;
  /** Its X-Forwarded-For, for further requests straight to an instance. */
  headers: Record<string, string>;
}

/** TEST-NET-2 (RFC 5737); a counter so no two customers of a run share an address. */
let nextAddress = 1;

export function clientAddress(): Record<string, string> {
  const n = nextAddress++;
  return { 'X-Forwarded-For': `198.51.${100 + Math.floor(n / 250)}.${n % 250}` };
}

export async function newCustomers(
  origin: string,
  received: ReceivedMail[],
  count: number,
  tag: string,
): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const account = {
        email: `${tag}-${i}-${randomBytes(3).toString('hex')}@example.com`,
        password: 'cluster customer password',
      };
      const headers = clientAddress();
      await createCustomer(origin, received, account, headers);
      const { cookie } = await signIn(origin, account, headers);
      return { account, cookie, headers };
    }),
  );
}

const mailsFor = (received: ReceivedMail[], to: string, subject: string) =>
  received.filter((mail) => mail.envelopeTo.includes(to) && (mail.mail.subject ?? '').startsWith(subject));

/** Messages the SMTP server took for `to` whose subject starts with `subject`. */
export function mailsTo(received: ReceivedMail[], to: string, subject: string): number {
  return mailsFor(received, to, subject).length;
}

/**
 * The distinct messages among them, by Message-ID: a queued message sent again after a crash (delivery is at least
 * once) carries its first try's Message-ID, and a mail program shows it once.
 */
export function distinctMailsTo(received: ReceivedMail[], to: string, subject: string): number {
  return new Set(mailsFor(received, to, subject).map((mail) => mail.mail.messageId ?? mail)).size;
}

// Steps the scenarios share, taken through the store's API as its pages take them: signing in, a customer's
// account confirmed from the mail, an upload, a purchase paid at the Stripe-protocol server.
import type { ReceivedMail } from '../../test-support/smtp-test-server';
import type { Part } from '../../test-support/multipart';
import type { StripeProtocolServer } from '../../test-support/stripe-protocol-server';
import { call, expect } from '../benchmarks/shared/store-http';
import { mailedToken } from './mail';

export interface Account {
  email: string;
  password: string;
}

export interface UploadedFile {
  url: string | null;
  path: string;
  size: number;
  images: Array<{ url: string; width: number; height: number }>;
}

/** Signs in and returns the session cookie and the instance that made the session. */
export async function signIn(
  origin: string,
  account: Account,
  headers?: Record<string, string>,
): Promise<{ cookie: string; upstream: string }> {
  const answer = await expect(200, origin, 'POST', '/api/auth/sign-in', { body: account, headers });
  const cookie = answer.cookies.find((c) => c.includes('=') && !c.endsWith('=')) ?? '';
  if (!cookie) throw new Error('sign-in set no cookie');
  return { cookie, upstream: answer.upstream };
}

export async function sessionEmail(
  origin: string,
  cookie: string,
): Promise<{ email: string | null; upstream: string }> {
  const answer = await expect<{ user: { email: string } | null }>(200, origin, 'GET', '/api/auth/session', { cookie });
  return { email: answer.body.user?.email ?? null, upstream: answer.upstream };
}

/**
 * Sign-up and the mailed confirmation link, as a customer does it; the store mails through the SMTP server.
 * `headers` may give an X-Forwarded-For (straight to an instance): the store allows 10 sign-ups a minute per address.
 */
export async function createCustomer(
  origin: string,
  received: ReceivedMail[],
  account: Account,
  headers?: Record<string, string>,
): Promise<void> {
  await expect(200, origin, 'POST', '/api/auth/sign-up', { body: account, headers });
  const token = await mailedToken(received, account.email, '/confirm-email');
  await expect(200, origin, 'POST', '/api/auth/confirm', { body: { token }, headers });
}

export async function upload(
  origin: string,
  cookie: string,
  kind: 'preview' | 'media' | 'private',
  file: Part,
): Promise<UploadedFile & { ms: number; upstream: string }> {
  const answer = await expect<{ files: UploadedFile[] }>(201, origin, 'POST', `/api/uploads?kind=${kind}`, {
    cookie,
    files: [file],
    timeoutMs: 120_000,
  });
  const [stored] = answer.body.files;
  if (!stored) throw new Error('the upload answered no file');
  return { ...stored, ms: answer.ms, upstream: answer.upstream };
}

/** The checkout page's first step: the order and its payment intent, priced by the store. */
export async function startCheckout(origin: string, cookie: string, email: string, artworkId: number) {
  const answer = await expect<{ paymentIntentId: string; orderNumber: string; amount: number }>(
    200,
    origin,
    'POST',
    '/api/create-payment-intent',
    {
      cookie,
      body: { items: [{ id: artworkId, quantity: 1 }], email, firstName: 'Nora', lastName: 'Buyer' },
    },
  );
  return answer.body;
}

/** The card form pays at Stripe, then the checkout page asks the store to confirm: the order is then paid. */
export async function payAndConfirm(
  origin: string,
  stripe: StripeProtocolServer,
  cookie: string,
  paymentIntentId: string,
) {
  stripe.succeedIntent(paymentIntentId);
  return expect<{ status: string; orderNumber: string }>(200, origin, 'POST', '/api/orders/confirm', {
    cookie,
    body: { paymentIntentId },
  });
}

/** The buyer's download of the artwork bought in `orderNumber`: the link the store makes for it. */
export async function downloadLink(origin: string, cookie: string, orderNumber: string) {
  const list = await expect<{
    orders: Array<{ orderNumber: string; items: Array<{ itemId: number; delivery: string }> }>;
  }>(200, origin, 'GET', '/api/downloads', { cookie });
  const item = list.body.orders.find((order) => order.orderNumber === orderNumber)?.items[0];
  if (!item) throw new Error(`order ${orderNumber} is not among the buyer's downloads`);
  if (item.delivery !== 'file')
    throw new Error(`order ${orderNumber} is delivered as ${item.delivery}, not as a stored file`);
  const link = await expect<{ url: string; kind: string }>(200, origin, 'POST', `/api/downloads/${item.itemId}`, {
    cookie,
    body: { format: 'png' },
  });
  return { ...link.body, upstream: list.upstream };
}

export { call };

// The signed-in visitor of npm run bench:http, made as a real one is: sign-up, the confirmation link from the
// mail (the outbox), sign-in, then one artwork bought with the built-in test provider's card, as the checkout page
// does it. So the order history and the library each have something to show, as a customer's do.
import { tokenFromOutbox } from './outbox-link';
import { expect as expectStatus } from '../shared/store-http';

export interface Visitor {
  email: string;
  password: string;
  /** `session=…`, for a Cookie header. */
  cookie: string;
}

/** The store's session cookie from a sign-in's Set-Cookie lines. */
function sessionCookie(cookies: string[]): string {
  const cookie = cookies.find((line) => /^(__Host-)?session=./.test(line));
  if (!cookie) throw new Error(`The sign-in set no session cookie (it set: ${cookies.join('; ') || 'nothing'})`);
  return cookie;
}

export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const answer = await expectStatus<unknown>(200, origin, 'POST', '/api/auth/sign-in', { body: { email, password } });
  return sessionCookie(answer.cookies);
}

export async function signUpAndConfirm(
  origin: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<void> {
  await expectStatus<unknown>(200, origin, 'POST', '/api/auth/sign-up', { body: { email, password } });
  const token = await tokenFromOutbox(dataDir, email, '/confirm-email');
  await expectStatus<unknown>(200, origin, 'POST', '/api/auth/confirm', { body: { token } });
}

/** Cart, card (Stripe's test Visa at the built-in test provider), confirmation: a paid order of one artwork. */
export async function buyArtwork(origin: string, visitor: Visitor, artworkId: number): Promise<string> {
  const cookie = visitor.cookie;
  const intent = await expectStatus<{ clientSecret: string; paymentIntentId: string; orderNumber: string }>(
    200,
    origin,
    'POST',
    '/api/create-payment-intent',
    {
      cookie,
      body: { items: [{ id: artworkId, quantity: 1 }], email: visitor.email },
    },
  );
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
    name: 'Bench Visitor',
  };
  const paid = await expectStatus<{ status: string }>(200, origin, 'POST', '/api/payments/test/confirm', {
    cookie,
    body: {
      clientSecret: intent.body.clientSecret,
      card,
      billing: { postalCode: '10115', country: 'DE', email: visitor.email },
    },
  });
  if (paid.body.status !== 'succeeded') throw new Error(`The test card was not accepted: ${JSON.stringify(paid.body)}`);
  const order = await expectStatus<{ status: string }>(200, origin, 'POST', '/api/orders/confirm', {
    cookie,
    body: { paymentIntentId: intent.body.paymentIntentId },
  });
  if (order.body.status !== 'paid') throw new Error(`The order is ${order.body.status} after the payment, not paid`);
  return intent.body.orderNumber;
}

/** A new customer, signed in, with one paid order. */
export async function newVisitor(origin: string, dataDir: string, artworkId: number): Promise<Visitor> {
  const email = 'bench-visitor@example.com';
  const password = 'bench-visitor-password';
  await signUpAndConfirm(origin, dataDir, email, password);
  const visitor = { email, password, cookie: await signIn(origin, email, password) };
  await buyArtwork(origin, visitor, artworkId);
  return visitor;
}

/** Whether the cookie still signs the visitor in (after the load: a session lost under load would show as a 200 page). */
export async function isSignedIn(origin: string, visitor: Visitor): Promise<boolean> {
  const session = await expectStatus<{ user: { email: string } | null }>(200, origin, 'GET', '/api/auth/session', {
    cookie: visitor.cookie,
  });
  return session.body.user?.email === visitor.email;
}

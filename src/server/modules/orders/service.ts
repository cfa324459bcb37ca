import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/auth-schema.ts';
import { CHECKOUT_MESSAGES, MIN_ORDER_CENTS, ORDER_CURRENCY } from '#shared/checkout.ts';
import type { CreatePaymentIntentBody, OrderSummary, PaymentIntentAnswer } from '#shared/checkout-schema.ts';
import { canResendReceipt } from '#shared/order-lifecycle.ts';
import type { Database } from '../../db/schema';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../../errors';
import { findArtworksByIds } from '../artworks/repository';
import { printFactsOf } from '../artworks/print-facts';
import type { LicenceTier } from '#shared/licences.ts';
import { certificateNumberer } from '../licences/certificate-number';
import { currentTerms } from '../licences/terms-repository';
import { licencePriceCents, licencesNotOffered } from './licence-price';
import type { OrderDeps } from './order-deps';
import { sendReceipt } from './order-mail';
import { toOrderLine, toOrderSummary } from './order-view';
import { findOrderByNumber } from './admin-repository';
import { recordPayment } from './record-payment';
import {
  findOrderByIntent,
  findOrderItems,
  findOrdersByEmail,
  findOpenOrderForCart,
  insertPendingOrder,
  setPaymentIntent,
} from './repository';

/** 'WA-' and 8 characters without look-alikes (no 0/O, 1/I): easy to read out over the phone. */
function newOrderNumber(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `WA-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** Prices every line from the database; the body's titles and prices are the browser's copy and are ignored. */
async function priceCart(db: Kysely<Database>, body: CreatePaymentIntentBody) {
  // One line per artwork and licence: the same artwork under both licences is two lines at two prices.
  const quantities = new Map<string, { id: number; licence: LicenceTier; quantity: number }>();
  for (const item of body.items) {
    const key = `${item.id}:${item.licence}`;
    const line = quantities.get(key) ?? { id: item.id, licence: item.licence, quantity: 0 };
    quantities.set(key, { ...line, quantity: line.quantity + item.quantity });
  }
  const ids = [...new Set(body.items.map((item) => item.id))];
  const artworks = new Map((await findArtworksByIds(db, ids)).map((row) => [row.id, row]));
  const missing: Record<string, string[]> = {};
  body.items.forEach((item, index) => {
    if (!artworks.has(item.id)) missing[`items.${index}.id`] = [CHECKOUT_MESSAGES.unknownArtwork(item.id)];
  });
  Object.assign(missing, licencesNotOffered(body.items, artworks));
  const [firstMissing] = Object.values(missing);
  if (firstMissing?.[0]) throw new InvalidInputError(firstMissing[0], missing);
  const terms = await currentTerms(db);

  const lines = [...quantities.values()].map(({ id, licence, quantity }) => {
    const artwork = artworks.get(id)!;
    const delivery = {
      privateFileKey: artwork.private_file_key,
      googleDriveLink: artwork.google_drive_link,
      // What the listing said when it was bought: the sizes the pack prints at, once the master's size is known.
      dimensions: printFactsOf(artwork).dimensions,
      format: artwork.format,
      previewUrl: artwork.preview_url ?? artwork.image_url,
    };
    return {
      artworkId: id,
      title: artwork.title,
      artist: artwork.artist,
      unitPriceCents: licencePriceCents(artwork, licence)!,
      quantity,
      licence,
      licenceTermsVersion: terms[licence].version,
      delivery,
    };
  });
  if (lines.some((line) => line.quantity > 99))
    throw new InvalidInputError(CHECKOUT_MESSAGES.quantityRange, { items: [CHECKOUT_MESSAGES.quantityRange] });
  const amountCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (amountCents < MIN_ORDER_CENTS)
    throw new InvalidInputError(CHECKOUT_MESSAGES.belowMinimum, { items: [CHECKOUT_MESSAGES.belowMinimum] });
  return { lines, amountCents };
}

/** The cart's identity: its lines with their licence and its terms' version, so changed terms make a new order. */
function cartKeyOf(
  userId: number,
  lines: ReadonlyArray<{
    artworkId: number;
    quantity: number;
    unitPriceCents: number;
    licence: LicenceTier;
    licenceTermsVersion: number;
  }>,
): string {
  const canonical = lines
    .map((l) => `${l.artworkId}x${l.quantity}@${l.unitPriceCents}/${l.licence}v${l.licenceTermsVersion}`)
    .sort();
  return createHash('sha256')
    .update(`${userId}|${canonical.join(',')}`)
    .digest('hex');
}

/**
 * POST /api/create-payment-intent, with the server as the authority: one pending order per customer and cart
 * (asking again, from another tab or after a failed card, gives the same order and intent), priced from the
 * database, and one intent per order (the provider's idempotency key is the order's id).
 */
export async function createPaymentIntent(
  deps: OrderDeps,
  user: SessionUser,
  body: CreatePaymentIntentBody,
): Promise<PaymentIntentAnswer> {
  const { lines, amountCents } = await priceCart(deps.db, body);
  const cartKey = cartKeyOf(user.id, lines);
  const now = new Date();
  const newId = await insertPendingOrder(deps.db, {
    orderNumber: newOrderNumber(),
    userId: user.id,
    customerEmail: user.email,
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    provider: deps.payments.name,
    cartKey,
    amountCents,
    currency: ORDER_CURRENCY,
    lines,
    now,
  });
  const order = await findOpenOrderForCart(deps.db, user.id, cartKey);
  if (!order) throw new ConflictError('Your order changed while it was being created. Please try again.');
  if (newId === undefined) deps.log.debug({ orderId: order.id }, 'same cart again: the pending order is reused');

  // An order keeps the intent it was given: a payment made on it must always find its order (the provider forgets
  // idempotency keys after a day, and asking again would then give a second intent).
  const existing = order.payment_intent_id ? await deps.payments.retrieveIntent(order.payment_intent_id) : null;
  const intent =
    existing ??
    (await deps.payments.createIntent({
      amount: order.amount_cents,
      currency: order.currency,
      orderId: order.id,
      orderNumber: order.order_number,
      customerEmail: order.customer_email,
      // The order's public number, not its row id: ids start again in a new database, and a Stripe account that
      // served a wiped or a second database would answer with another order's intent.
      idempotencyKey: `order-${order.order_number}`,
    }));
  if (order.payment_intent_id !== intent.id) await setPaymentIntent(deps.db, order.id, intent.id, now);
  const items = await findOrderItems(deps.db, [order.id]);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderNumber: order.order_number,
    amount: order.amount_cents,
    currency: order.currency,
    items: items.map((item) => toOrderLine(item)),
  };
}

/**
 * The page's word that the card went through. The provider is asked, never the browser believed: the intent must be
 * this customer's, succeeded, and for the order's amount and currency. The webhook may have been first; either
 * way the order is paid once.
 */
export async function confirmOrder(deps: OrderDeps, user: SessionUser, paymentIntentId: string): Promise<OrderSummary> {
  const order = await findOrderByIntent(deps.db, paymentIntentId);
  if (!order || order.user_id !== user.id) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!order.paid_at) {
    const intent = await deps.payments.retrieveIntent(paymentIntentId);
    if (!intent) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
    if (intent.status !== 'succeeded')
      throw new ConflictError(intent.lastError?.message ?? 'The payment has not gone through yet.');
    await recordPayment(deps, intent);
  }
  const [paid] = await findOrdersWithItems(deps, [paymentIntentId]);
  if (!paid?.paidAt) throw new ConflictError('The payment does not match this order.');
  return paid;
}

async function findOrdersWithItems(deps: OrderDeps, intentIds: string[]): Promise<OrderSummary[]> {
  const { db } = deps;
  const orders = (await Promise.all(intentIds.map((id) => findOrderByIntent(db, id)))).filter((o) => o !== undefined);
  const items = await findOrderItems(
    db,
    orders.map((o) => o.id),
  );
  const certificateOf = await certificateNumbererOf(deps);
  return orders.map((order) => toOrderSummary(order, items, certificateOf));
}

const certificateNumbererOf = (deps: Pick<OrderDeps, 'certificateSecret'>) =>
  deps.certificateSecret ? certificateNumberer(deps.certificateSecret) : Promise.resolve(undefined);

/** GET /api/orders/:email: the account with that address, or the owner; nobody else learns anything. */
export async function listOrdersByEmail(
  deps: Pick<OrderDeps, 'db' | 'certificateSecret'>,
  user: SessionUser,
  email: string,
): Promise<OrderSummary[]> {
  const wanted = email.trim().toLowerCase();
  if (user.role !== 'admin' && user.email !== wanted) throw new NotAllowedError('You can only see your own orders.');
  const orders = await findOrdersByEmail(deps.db, wanted);
  const items = await findOrderItems(
    deps.db,
    orders.map((o) => o.id),
  );
  const certificateOf = await certificateNumbererOf(deps);
  return orders.map((order) => toOrderSummary(order, items, certificateOf));
}

/** 'Send receipt again' on the order history: the customer's own order, once it was paid. */
export async function resendReceipt(deps: OrderDeps, user: SessionUser, orderNumber: string): Promise<void> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order || order.user_id !== user.id) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!canResendReceipt({ status: order.status, paidAt: order.paid_at }))
    throw new ConflictError('This order has not been paid, so it has no receipt.');
  await sendReceipt(deps, order.id);
}

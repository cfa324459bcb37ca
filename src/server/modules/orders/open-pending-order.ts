import { randomBytes } from 'node:crypto';
import type { Customer } from '#shared/accounts/customer.ts';
import type { CreatePaymentIntentBody } from '#shared/orders/checkout-schema.ts';
import type { OrderRow } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findOtherHeldOrders, holdCodeUse } from '../discounts';
import { applyOrderEvent } from './apply-order-event';
import { cartOwnerKey } from './order-customer';
import type { OrderDeps } from './order-deps';
import { cartKeyOf, priceNewOrder } from './price-new-order';
import { releaseUnlessPaying } from './release-unless-paying';
import { findOpenOrderForCart, insertPendingOrder } from './repository';

// The pending order a checkout pays, by card or free: priced from the database, one per customer and cart, with its
// limited code held. Both checkouts go through here, so they cannot differ in how an order is made.

/** 'WA-' and 8 characters without look-alikes (no 0/O, 1/I): easy to read out over the phone. */
function newOrderNumber(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `WA-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export type PricedOrder = Awaited<ReturnType<typeof priceNewOrder>>;
export interface OrderCart {
  orderNumber: string;
  now: Date;
  priced: PricedOrder;
  /** The cart's identity (price-new-order.ts cartKeyOf): the same again finds the same open order. */
  cartKey: string;
}

/** The cart priced for a new order, paid by card or free (a 400 naming `items` when its total does not fit). */
export async function priceOrderCart(
  deps: OrderDeps,
  customer: Customer,
  body: CreatePaymentIntentBody,
  payment: 'card' | 'free',
): Promise<OrderCart> {
  const now = new Date();
  const orderNumber = newOrderNumber();
  const priced = await priceNewOrder(deps, body, { customer, now, orderNumber }, payment);
  return { orderNumber, now, priced, cartKey: cartKeyOf(cartOwnerKey(customer), priced) };
}

/**
 * The customer's open order for the cart, made now or found again (another tab, a failed card, a second click),
 * with its limited code held. Undefined when the cart's open order stopped being open meanwhile (paid or canceled
 * by a request of the same buyer at the same moment).
 */
export async function openPendingOrder(
  deps: OrderDeps,
  customer: Customer,
  body: CreatePaymentIntentBody,
  cart: OrderCart,
  provider: OrderRow['provider'],
): Promise<OrderRow | undefined> {
  const newId = await insertPendingOrder(deps.db, {
    orderNumber: cart.orderNumber,
    userId: customer.userId,
    customerEmail: customer.email,
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    provider,
    cartKey: cart.cartKey,
    ...cart.priced,
    currency: deps.config.tax.currency,
    now: cart.now,
  });
  const order = await findOpenOrderForCart(deps.db, customer.userId, cart.cartKey);
  if (!order) return undefined;
  if (newId === undefined) deps.log.debug({ orderId: order.id }, 'same cart again: the pending order is reused');
  if (order.discount_id !== null) await holdCodeOrCancel(deps, order, customer, cart.now);
  return order;
}

/**
 * A code with a limit is held for this order before it can be paid (renewed when the checkout asks again). The
 * buyer's other checkouts holding it are let go first, unless a payment of theirs is under way (they keep their hold:
 * release-unless-paying.ts). When its last use went to someone else meanwhile, this order is cancelled, through the
 * lifecycle, so its price is never charged, and the buyer is told to check out again: the same cart without the code
 * is a new order.
 */
async function holdCodeOrCancel(deps: OrderDeps, order: OrderRow, customer: Customer, now: Date): Promise<void> {
  const hold = { discountId: order.discount_id!, orderId: order.id, customer, now };
  for (const other of await findOtherHeldOrders(deps.db, hold)) await releaseUnlessPaying(deps, other, now);
  const problem = await holdCodeUse(deps.db, hold);
  if (!problem) return;
  await applyOrderEvent(deps, { orderId: order.id }, { type: 'canceled' }, { now });
  throw new InvalidInputError(problem, { code: [problem] });
}

import type { Customer } from '#shared/accounts/customer.ts';
import type { OrderRow } from '../../db/schema';

// Whose an order is: an account's orders are theirs; a guest's order (no account) is the address's that made it.
// A guest order that has joined an account since is the account's only (the guest's checkout cannot reach it).

// A deleted account's order (decision 0074) is nobody's.

export function customerOwns(
  customer: Customer,
  order: Pick<OrderRow, 'user_id' | 'customer_email' | 'account_deleted_at'>,
): boolean {
  if (customer.userId !== null) return order.user_id === customer.userId;
  return order.user_id === null && order.account_deleted_at === null && order.customer_email === customer.email;
}

/** The part of a cart's key that says whose it is: an account's id, or a guest's address. */
export const cartOwnerKey = (customer: Customer): string =>
  customer.userId !== null ? String(customer.userId) : `guest:${customer.email}`;

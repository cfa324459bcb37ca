// Who buys: a signed-in account, or a guest known only by their e-mail (decision 0058). Wherever the store counts
// per customer (a code's "once per customer", its held uses, the open order of a cart), a customer is their account
// or their address: an account's orders carry its address too, so a guest who signs up later is the same customer.

export interface Customer {
  /** Null for a guest. */
  userId: number | null;
  /** Trimmed and lower-cased (normalizeEmail). */
  email: string;
}

/** How an address is compared everywhere: `Ann@Example.com ` and `ann@example.com` are one customer. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const customerOfUser = (user: { id: number; email: string }): Customer => ({
  userId: user.id,
  email: normalizeEmail(user.email),
});

import type { Kysely } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import { CODE_MESSAGES, normalizeCode } from '#shared/discounts/discounts.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { quoteOrder } from '../discounts';
import { taxOrder, type OrderTaxDeps } from '../taxes';
import { loadCart, type CartItemToPrice } from './cart-lines';
import type { OrderDeps } from './order-deps';
import type { SetCartItem } from '#shared/sets/set-schema.ts';
import type { UpgradeCartItem } from '#shared/licences/upgrade-schema.ts';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { loadUpgradeLines } from './upgrade-lines';

// The one way a cart is priced: the cart's quote and the order its payment is made for both come from here.

/** `guestLinkSecret`: reads the guest library tokens that show an upgraded line is a guest's (upgrade-lines.ts). */
export type CartPricingDeps = { db: Kysely<Database>; guestLinkSecret?: SecretSource | undefined } & OrderTaxDeps;

/** What taxing an order needs of the order services' parts. */
export const taxDepsOf = (deps: OrderDeps) => ({
  tax: deps.config.tax,
  taxCalculator: deps.taxCalculator,
  viesCache: deps.viesCache,
});

/** The order services' parts as the cart's pricing needs them. */
export const cartPricingDepsOf = (deps: OrderDeps): CartPricingDeps => ({
  db: deps.db,
  guestLinkSecret: deps.guestLinkSecret,
  ...taxDepsOf(deps),
});

export interface CartToPrice {
  /** `amount`: a pay-what-you-want line's chosen amount in cents (cart-lines.ts). */
  items: ReadonlyArray<CartItemToPrice>;
  /** Sets bought whole, each split into its pieces' lines (cart-lines.ts). */
  sets?: ReadonlyArray<SetCartItem> | undefined;
  /** Personal lines of the buyer's library upgraded to Commercial, each one line (upgrade-lines.ts). */
  upgrades?: ReadonlyArray<UpgradeCartItem> | undefined;
  /** As the buyer typed it; blank or absent is none. */
  code?: string | undefined;
  billingCountry: string | null;
  vatNumber: string | null | undefined;
  /**
   * The buyer, when known (signed in, or a guest's address at checkout): "once per customer" is per customer, and a
   * set leaves out the pieces they own (decision 0070).
   */
  customer?: Customer | undefined;
  now: Date;
  /** The order's number, or 'quote'. */
  reference: string;
  /**
   * 'refuse': a code that does not apply is a 400 naming `code` (an order is never made with a code it ignores), but
   * for one that loses to the sale prices already in the cart, where the buyer keeps the better price. 'report': the
   * cart is priced without it and `pricing.codeProblem` says why.
   */
  codeProblems: 'refuse' | 'report';
}

/** What tells a set's piece or an upgrade apart from the same artwork bought on its own, in a tax line's reference. */
const lineReferencePrefix = (line: { setId: number | null; upgradeOfItemId: number | null }) =>
  line.upgradeOfItemId !== null ? `upgrade${line.upgradeOfItemId}-` : line.setId !== null ? `set${line.setId}-` : '';

/**
 * Prices every line from the database at its licence's price (a pay-what-you-want artwork at the amount chosen), with the live sales and quantity breaks and the code
 * given (discounts/price-order.ts), then taxes it by the billing country and a business buyer's VAT number
 * (taxes/order-tax.ts: discounts apply before tax). A VAT number that is not one is a 400 naming `vatNumber`.
 */
export async function priceCart(deps: CartPricingDeps, cart: CartToPrice) {
  const { currency } = deps.tax;
  const upgrades = await loadUpgradeLines(deps.db, cart.upgrades ?? [], {
    customer: cart.customer,
    guestLinkSecret: deps.guestLinkSecret,
  });
  const { cart: lines, artworks } = await loadCart(deps.db, cart.items, currency, cart.sets, upgrades, cart.customer);
  const code = cart.code ? normalizeCode(cart.code) : '';
  const pricing = await quoteOrder(deps.db, { lines, code, customer: cart.customer, now: cart.now, currency });
  if (cart.codeProblems === 'refuse' && pricing.codeProblem && pricing.codeProblem !== CODE_MESSAGES.notCombinable)
    throw new InvalidInputError(pricing.codeProblem, { code: [pricing.codeProblem] });
  const taxed = await taxOrder(deps, {
    reference: cart.reference,
    currency,
    lines: pricing.lines.map((line) => ({
      reference: `${lineReferencePrefix(line)}${line.artworkId}-${line.licence}`,
      amountCents: line.totalCents,
      quantity: line.quantity,
    })),
    billingCountry: cart.billingCountry,
    cardCountry: null,
    confirmedCountry: null,
    vatNumber: cart.vatNumber,
  });
  if (taxed.status === 'refused') throw new InvalidInputError(taxed.problem, { vatNumber: [taxed.problem] });
  // Without the card's country the billing country is all the evidence there is: no disagreement yet.
  if (taxed.status !== 'taxed') throw new Error('a tax mismatch without a card country');
  return { code, pricing, tax: taxed.tax, artworks };
}

export type PricedCart = Awaited<ReturnType<typeof priceCart>>;

import type { Customer } from '#shared/accounts/customer.ts';
import type { CartQuote, CartQuoteBody } from '#shared/orders/cart-quote-schema.ts';
import { salePricesOf } from '../discounts';
import { setSuggestionsFor } from '../sets';
import { taxSummaryOfQuote } from '../taxes';
import { priceCart, type CartPricingDeps } from './price-cart';

/**
 * What the cart and checkout show before paying: the cart priced as its order will be (price-cart.ts), for a
 * signed-out visitor too ("once per customer" is judged once signed in), and taxed by the billing country and VAT
 * number given. A code that does not apply is said beside the price rather than refused. Nothing is held: a limited
 * code's use is held only when the checkout creates the order.
 */
export async function quoteCart(
  deps: CartPricingDeps,
  body: CartQuoteBody,
  customer: Customer | undefined,
): Promise<CartQuote> {
  const now = new Date();
  const { code, pricing, tax } = await priceCart(deps, {
    items: body.items,
    sets: body.sets,
    upgrades: body.upgrades,
    code: body.code,
    billingCountry: body.country ?? null,
    vatNumber: body.vatNumber,
    customer,
    now,
    reference: 'quote',
    codeProblems: 'report',
  });
  const sales = await salePricesOf(
    deps.db,
    pricing.lines
      .filter((line) => line.licence === 'personal')
      .map((line) => ({
        id: line.artworkId,
        category: line.category,
        priceCents: line.listUnitCents,
        offersPersonal: true,
      })),
    now,
  );
  const applied = pricing.discounts.some((discount) => discount.kind === 'code');
  return {
    items: pricing.lines.map((line) => ({
      artworkId: line.artworkId,
      ...(line.setId === null ? {} : { setId: line.setId }),
      ...(line.upgradeOfItemId === null ? {} : { upgradeOfItemId: line.upgradeOfItemId }),
      licence: line.licence,
      listUnitAmount: line.listUnitCents,
      unitAmount: line.unitCents,
      quantity: line.quantity,
      discount: line.discountCents,
      amount: line.totalCents,
      // Struck through only where the line is at its sale price (a code that does not combine removes it).
      wasUnitAmount: line.saleId === null ? null : (sales.get(line.artworkId)?.wasCents ?? null),
    })),
    subtotal: pricing.subtotalCents,
    discounts: pricing.discounts.map(({ label, cents, kind }) => ({ label, amount: cents, kind })),
    discount: pricing.discountCents,
    tax: taxSummaryOfQuote(deps.tax, tax),
    total: tax.totalCents,
    code: code ? { code, applied, message: applied ? null : pricing.codeProblem } : null,
    suggestions: await setSuggestionsFor(deps.db, { items: body.items, sets: body.sets }),
  };
}

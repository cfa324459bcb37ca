import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { cartQuoteBodySchema, cartQuoteSchema, type CartQuote } from '#shared/cart-quote-schema.ts';
import { normalizeCode } from '#shared/discounts.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { taxOrder, taxSummaryOfQuote, type OrderTaxDeps } from '../taxes/order-tax';
import { loadCart } from '../orders/cart-lines';
import { salePricesOf } from './catalogue-sale-prices';
import { quoteOrder } from './quote-order';

/**
 * POST /api/cart/quote: what the cart and checkout show before paying, priced by the same rules as the order (a
 * signed-out visitor too; "once per customer" is judged once signed in), and taxed as the checkout will tax it by the
 * billing country and VAT number given (discounts first). Nothing is held: a limited code's use is
 * held only when the checkout creates the order.
 */
export function cartQuoteRoutes(deps: { db: Kysely<Database> } & OrderTaxDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/cart/quote',
      { schema: { body: cartQuoteBodySchema, response: { 200: cartQuoteSchema } } },
      async (request, reply): Promise<CartQuote> => {
        reply.header('Cache-Control', 'no-store');
        const { cart } = await loadCart(deps.db, request.body.items);
        const code = request.body.code ? normalizeCode(request.body.code) : '';
        const now = new Date();
        const pricing = await quoteOrder(deps.db, {
          lines: cart,
          code,
          userId: request.user?.id,
          now,
          currency: deps.tax.currency,
        });
        const sales = await salePricesOf(
          deps.db,
          cart
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
        const taxed = await taxOrder(deps, {
          reference: 'quote',
          currency: deps.tax.currency,
          lines: pricing.lines.map((line) => ({
            reference: `${line.artworkId}-${line.licence}`,
            amountCents: line.totalCents,
            quantity: line.quantity,
          })),
          billingCountry: request.body.country ?? null,
          cardCountry: null,
          confirmedCountry: null,
          vatNumber: request.body.vatNumber,
        });
        if (taxed.status === 'refused') throw new InvalidInputError(taxed.problem, { vatNumber: [taxed.problem] });
        if (taxed.status !== 'taxed') throw new Error('a tax mismatch without a card country');
        return {
          items: pricing.lines.map((line) => ({
            artworkId: line.artworkId,
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
          tax: taxSummaryOfQuote(deps.tax, taxed.tax),
          total: taxed.tax.totalCents,
          code: code ? { code, applied, message: applied ? null : pricing.codeProblem } : null,
        };
      },
    );
  };
}

import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, minimumChargeCents } from '#shared/checkout.ts';
import type { CreatePaymentIntentBody } from '#shared/checkout-schema.ts';
import { CODE_MESSAGES } from '#shared/discounts.ts';
import type { LicenceTier } from '#shared/licences.ts';
import { InvalidInputError } from '../../errors';
import { printFactsOf } from '../artworks/print-facts';
import { quoteOrder } from '../discounts/quote-order';
import { currentTerms } from '../licences/terms-repository';
import { taxOrder } from '../taxes/order-tax';
import { loadCart } from './cart-lines';
import type { OrderDeps } from './order-deps';

// A cart priced and taxed from the database for a new order, and the cart's identity that finds its open order.

/** What taxing an order needs of the order services' parts. */
export const taxDepsOf = (deps: OrderDeps) => ({
  tax: deps.config.tax,
  taxCalculator: deps.taxCalculator,
  viesCache: deps.viesCache,
});

/**
 * Prices every line from the database, with the live sales and quantity breaks and the code given
 * (discounts/price-order.ts), then taxes it by the billing country and a business buyer's VAT number
 * (taxes/order-tax.ts: discounts apply before tax); the body's titles and prices are the browser's copy and are
 * ignored. A code that does not apply is a 400 naming `code`, but for one that loses to the sale prices already in
 * the cart: the buyer keeps the better price.
 */
export async function priceCart(
  deps: OrderDeps,
  body: CreatePaymentIntentBody,
  buyer: { userId: number; now: Date; orderNumber: string },
) {
  const { db } = deps;
  const { cart, artworks } = await loadCart(db, body.items);
  const terms = await currentTerms(db);
  const pricing = await quoteOrder(db, {
    lines: cart,
    code: body.code,
    ...buyer,
    currency: deps.config.tax.currency,
  });
  if (pricing.codeProblem && pricing.codeProblem !== CODE_MESSAGES.notCombinable)
    throw new InvalidInputError(pricing.codeProblem, { code: [pricing.codeProblem] });
  const taxed = await taxOrder(taxDepsOf(deps), {
    reference: buyer.orderNumber,
    currency: deps.config.tax.currency,
    lines: pricing.lines.map((line) => ({
      reference: `${line.artworkId}-${line.licence}`,
      amountCents: line.totalCents,
      quantity: line.quantity,
    })),
    billingCountry: body.country ?? null,
    cardCountry: null,
    confirmedCountry: null,
    vatNumber: body.vatNumber,
  });
  if (taxed.status === 'refused') throw new InvalidInputError(taxed.problem, { vatNumber: [taxed.problem] });
  // Without the card's country the billing country is all the evidence there is: no disagreement yet.
  if (taxed.status !== 'taxed') throw new Error('a tax mismatch without a card country');
  const { tax } = taxed;

  const lines = pricing.lines.map((priced, index) => {
    const artwork = artworks.get(priced.artworkId)!;
    const delivery = {
      privateFileKey: artwork.private_file_key,
      googleDriveLink: artwork.google_drive_link,
      // What the listing said when it was bought: the sizes the pack prints at, once the master's size is known.
      dimensions: printFactsOf(artwork).dimensions,
      format: artwork.format,
      previewUrl: artwork.preview_url ?? artwork.image_url,
    };
    return {
      artworkId: priced.artworkId,
      title: artwork.title,
      artist: artwork.artist,
      listUnitPriceCents: priced.listUnitCents,
      unitPriceCents: priced.unitCents,
      quantity: priced.quantity,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      tax: tax.lines[index]!,
      licence: priced.licence,
      licenceTermsVersion: terms[priced.licence].version,
      delivery,
    };
  });
  const { currency } = deps.config.tax;
  if (tax.totalCents < minimumChargeCents(currency)) {
    const belowMinimum = CHECKOUT_MESSAGES.belowMinimum(currency);
    throw new InvalidInputError(belowMinimum, { items: [belowMinimum] });
  }
  const code = pricing.discounts.find((discount) => discount.kind === 'code');
  return {
    lines,
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    amountCents: tax.totalCents,
    discountId: code?.id ?? null,
    discountLabel: pricing.discounts.length ? pricing.discounts.map((discount) => discount.label).join(' + ') : null,
    tax: { ...tax, billingCountry: body.country ?? null, pricesIncludeTax: deps.config.tax.pricesIncludeTax },
  };
}

/**
 * The cart's identity: the customer, its lines with their prices, discount shares, tax, licence and the version of
 * its terms, the code, the billing country and the VAT number: the same again finds the same open order; changed
 * terms, prices or tax make a new one.
 */
export function cartKeyOf(
  userId: number,
  priced: {
    lines: ReadonlyArray<{
      artworkId: number;
      quantity: number;
      unitPriceCents: number;
      discountCents: number;
      licence: LicenceTier;
      licenceTermsVersion: number;
      tax: { taxCents: number };
    }>;
    discountId: number | null;
    tax: { billingCountry: string | null; vatNumber: string | null };
  },
): string {
  const canonical = priced.lines
    .map(
      (l) =>
        `${l.artworkId}x${l.quantity}@${l.unitPriceCents}-${l.discountCents}+${l.tax.taxCents}/${l.licence}v${l.licenceTermsVersion}`,
    )
    .sort();
  return createHash('sha256')
    .update(
      `${userId}|${canonical.join(',')}|${priced.discountId ?? ''}|${priced.tax.billingCountry ?? ''}|${priced.tax.vatNumber ?? ''}`,
    )
    .digest('hex');
}

import { createHash } from 'node:crypto';
import type { Customer } from '#shared/accounts/customer.ts';
import { CHECKOUT_MESSAGES, minimumChargeCents } from '#shared/orders/checkout.ts';
import { FREE_ORDER_MESSAGES, isFreeTotal } from '#shared/orders/free-order.ts';
import type { CreatePaymentIntentBody } from '#shared/orders/checkout-schema.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import { InvalidInputError } from '../../errors';
import { printFactsOf } from '../artworks';
import { currentTerms } from '../licences';
import type { OrderDeps } from './order-deps';
import { cartPricingDepsOf, priceCart } from './price-cart';

// A cart priced for a new order (price-cart.ts, as its quote is), and the cart's identity that finds its open order.

/**
 * The cart priced as its quote is, for a new order: each line with the licence terms it is bought under and what
 * its delivery needs; the body's titles and prices are the browser's copy and are ignored. A code that does not
 * apply is a 400 naming `code` (price-cart.ts). Paid by card, a total below the provider's minimum charge is a 400
 * naming `items`; completed free, so is any total but 0.
 */
export async function priceNewOrder(
  deps: OrderDeps,
  body: CreatePaymentIntentBody,
  buyer: { customer: Customer; now: Date; orderNumber: string },
  payment: 'card' | 'free' = 'card',
) {
  const { pricing, tax, artworks } = await priceCart(cartPricingDepsOf(deps), {
    items: body.items,
    sets: body.sets,
    upgrades: body.upgrades,
    code: body.code,
    billingCountry: body.country ?? null,
    vatNumber: body.vatNumber,
    customer: buyer.customer,
    now: buyer.now,
    reference: buyer.orderNumber,
    codeProblems: 'refuse',
  });
  const terms = await currentTerms(deps.db);
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
      setId: priced.setId,
      upgradeOfItemId: priced.upgradeOfItemId,
      setTitle: priced.setTitle,
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
  if (payment === 'free' && !isFreeTotal(tax.totalCents)) {
    const notFree = FREE_ORDER_MESSAGES.notFree(tax.totalCents, currency);
    throw new InvalidInputError(notFree, { items: [notFree] });
  }
  if (payment === 'card' && tax.totalCents < minimumChargeCents(currency)) {
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
 * The cart's identity: the customer (order-customer.ts cartOwnerKey), its lines with their prices, discount shares, tax, licence and the version of
 * its terms, the code, the billing country and the VAT number: the same again finds the same open order; changed
 * terms, prices or tax make a new one.
 */
export function cartKeyOf(
  owner: string,
  priced: {
    lines: ReadonlyArray<{
      artworkId: number;
      setId: number | null;
      upgradeOfItemId: number | null;
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
        `${l.setId === null ? '' : `s${l.setId}:`}${l.upgradeOfItemId === null ? '' : `u${l.upgradeOfItemId}:`}${l.artworkId}x${l.quantity}@${l.unitPriceCents}-${l.discountCents}+${l.tax.taxCents}/${l.licence}v${l.licenceTermsVersion}`,
    )
    .sort();
  return createHash('sha256')
    .update(
      `${owner}|${canonical.join(',')}|${priced.discountId ?? ''}|${priced.tax.billingCountry ?? ''}|${priced.tax.vatNumber ?? ''}`,
    )
    .digest('hex');
}

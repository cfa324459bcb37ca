import { createHash } from 'node:crypto';
import type { Listing, RefusedRow } from '#shared/imports/import-schema.ts';
import { IMPORT_MAX_IMAGES } from '#shared/imports/import-limits.ts';
import { fieldOf, type CsvRecord } from './csv-records';
import { checkCurrency, checkImageUrl, checkPrice, checkTitle, cleanTags, plainDescription } from './listing-fields';

// Etsy's listings CSV (Shop Manager → Settings → Options → Download Data): one row per listing, with TITLE,
// DESCRIPTION (plain text), PRICE, CURRENCY_CODE, QUANTITY, TAGS, MATERIALS, IMAGE1…IMAGE10, VARIATION columns and
// SKU. Quantity, materials and variations mean nothing for a digital print and are not read.

/** The columns that tell an Etsy listings file from any other CSV. */
export const ETSY_COLUMNS = ['TITLE', 'PRICE', 'CURRENCY_CODE', 'IMAGE1'];

/**
 * Etsy's key for a listing, the same on every export: its SKU when it has one, else its title and first image's
 * address (hashed, so the key's length is bounded whatever the title).
 */
export function etsyKey(sku: string | null, title: string, firstImage: string | undefined): string {
  if (sku) return `sku:${sku}`;
  return `title:${createHash('sha256')
    .update(`${title}\n${firstImage ?? ''}`)
    .digest('hex')}`;
}

/** One Etsy row: the listing it describes, or every reason it cannot be used (the first one named). */
export function etsyListing({ row, fields }: CsvRecord): Listing | RefusedRow {
  const rawTitle = fieldOf(fields, 'TITLE');
  const shownTitle = rawTitle || null;
  const refuse = (field: string, reason: string): RefusedRow => ({ row, field, reason, title: shownTitle });

  const title = checkTitle(rawTitle);
  if (!title.ok) return refuse('TITLE', title.reason);
  const price = checkPrice(fieldOf(fields, 'PRICE'));
  if (!price.ok) return refuse('PRICE', price.reason);
  const currency = checkCurrency(fieldOf(fields, 'CURRENCY_CODE'));
  if (!currency.ok) return refuse('CURRENCY_CODE', currency.reason);

  const imageUrls: string[] = [];
  for (let n = 1; n <= IMPORT_MAX_IMAGES; n += 1) {
    const raw = fieldOf(fields, `IMAGE${n}`);
    if (!raw) continue;
    const image = checkImageUrl(raw);
    if (!image.ok) return refuse(`IMAGE${n}`, image.reason);
    imageUrls.push(image.value);
  }
  const sku = fieldOf(fields, 'SKU').slice(0, 100) || null;
  return {
    row,
    key: etsyKey(sku, title.value, imageUrls[0]),
    title: title.value,
    description: plainDescription(fieldOf(fields, 'DESCRIPTION'), { html: false }),
    tags: cleanTags(fieldOf(fields, 'TAGS')),
    priceCents: price.value,
    currency: currency.value,
    sku,
    imageUrls,
  };
}

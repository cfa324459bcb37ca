import type { Listing, RefusedRow } from '#shared/imports/import-schema.ts';
import { IMPORT_MAX_IMAGES } from '#shared/imports/import-limits.ts';
import { fieldOf, type CsvRecord } from './csv-records';
import { checkImageUrl, checkPrice, checkTitle, cleanTags, plainDescription } from './listing-fields';

// Shopify's products CSV: several rows per product, grouped by its handle. The first row of a handle carries the
// product (title, description in HTML, tags, its first variant's price and SKU); the rows after it carry more
// images and variants. Shopify renamed the columns in its newer export; both names are read.

const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  tags: ['Tags'],
  price: ['Variant Price', 'Price'],
  sku: ['Variant SKU', 'SKU'],
  image: ['Image Src', 'Product image URL'],
  position: ['Image Position', 'Image position'],
};

/** Whether the header is a Shopify products file's, old or new. */
export const isShopifyHeader = (names: readonly string[]) => COLUMNS.handle.some((name) => names.includes(name));

/** The name the file gives a field, for the owner's messages ("Variant Price" in an old file, "Price" in a new one). */
const nameIn = (fields: Record<string, string>, names: string[]) => names.find((n) => n in fields) ?? names[0]!;

interface Product {
  row: number;
  handle: string;
  first: Record<string, string>;
  images: Array<{ row: number; url: string; position: number }>;
}

/** Groups the rows by handle, in the order the handles first appear; a continuation row adds its image. */
export async function groupShopifyRows(records: AsyncIterable<CsvRecord>): Promise<{
  products: Product[];
  refused: RefusedRow[];
}> {
  const byHandle = new Map<string, Product>();
  const refused: RefusedRow[] = [];
  for await (const { row, fields } of records) {
    const handle = fieldOf(fields, ...COLUMNS.handle);
    if (!handle) {
      // A row with nothing in it but commas is a spreadsheet's leftover, not a product.
      if (Object.values(fields).some((v) => v.trim()))
        refused.push({ row, field: nameIn(fields, COLUMNS.handle), reason: 'the handle is missing', title: null });
      continue;
    }
    const product = byHandle.get(handle) ?? { row, handle, first: fields, images: [] };
    byHandle.set(handle, product);
    const image = fieldOf(fields, ...COLUMNS.image);
    const position = Number(fieldOf(fields, ...COLUMNS.position)) || Number.MAX_SAFE_INTEGER;
    if (image) product.images.push({ row, url: image, position });
  }
  return { products: [...byHandle.values()], refused };
}

/** One product: the listing it becomes, or why it cannot be used (a bad image names the row it is on). */
export function shopifyListing(product: Product): Listing | RefusedRow {
  const { first, row } = product;
  const rawTitle = fieldOf(first, ...COLUMNS.title);
  const refuse = (field: string, reason: string, at = row): RefusedRow => ({
    row: at,
    field,
    reason,
    title: rawTitle || product.handle,
  });
  const title = checkTitle(rawTitle);
  if (!title.ok) return refuse(nameIn(first, COLUMNS.title), title.reason);
  const price = checkPrice(fieldOf(first, ...COLUMNS.price));
  if (!price.ok) return refuse(nameIn(first, COLUMNS.price), price.reason);

  const ordered = [...product.images].sort((a, b) => a.position - b.position || a.row - b.row);
  const imageUrls: string[] = [];
  for (const image of ordered) {
    const checked = checkImageUrl(image.url);
    if (!checked.ok) return refuse(nameIn(first, COLUMNS.image), checked.reason, image.row);
    if (!imageUrls.includes(checked.value)) imageUrls.push(checked.value);
  }
  const sku = fieldOf(first, ...COLUMNS.sku).slice(0, 100) || null;
  return {
    row,
    key: `handle:${product.handle}`,
    title: title.value,
    description: plainDescription(fieldOf(first, ...COLUMNS.body), { html: true }),
    tags: cleanTags(fieldOf(first, ...COLUMNS.tags)),
    priceCents: price.value,
    currency: null,
    sku,
    imageUrls: imageUrls.slice(0, IMPORT_MAX_IMAGES),
  };
}

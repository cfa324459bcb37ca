// An artwork as rows of Shopify's products CSV (the newer headers): the first row carries the product, each further
// picture a row of its own with only the handle and the image (Shopify's continuation rows).
import { CATEGORIES } from '#shared/catalogue/categories.ts';

export const SHOPIFY_HEADERS = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Product category',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'SKU',
  'Option1 name',
  'Option1 value',
  'Price',
  'Compare-at price',
  'Charge tax',
  'Requires shipping',
  'Product image URL',
  'Image position',
  'Image alt text',
  'Gift card',
] as const;

/** Shopify's product taxonomy's place for prints and posters. */
const PRINT_CATEGORY = 'Home & Garden > Decor > Artwork > Posters, Prints, & Visual Artwork';

export interface ExportedArtwork {
  id: number;
  title: string;
  artist: string;
  description: string;
  category: string;
  tags: string;
  status: string;
  sku?: string | null;
  price_cents: number;
  offers_personal: number;
  commercial_price_cents: number | null;
  original_price_cents: number | null;
  preview_url: string | null;
  media: string;
}

type Row = Record<(typeof SHOPIFY_HEADERS)[number], string>;

/** `sunset-over-the-bay-12`: the title's words, then the id, so two artworks of one title keep apart. */
export function handleOf(artwork: Pick<ExportedArtwork, 'id' | 'title'>): string {
  const words = artwork.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return words ? `${words}-${artwork.id}` : `artwork-${artwork.id}`;
}

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function jsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** A stored address as Shopify fetches it: absolute, on the store's public origin when it is a path. */
function absolute(url: string, publicUrl: string): string {
  return new URL(url, publicUrl).toString();
}

/** The pictures in order: the preview, then the owner's own images (videos and room mockups stay home). */
function picturesOf(artwork: ExportedArtwork, publicUrl: string): string[] {
  const media = jsonList<{ type?: string; url?: string; mockup?: string }>(artwork.media)
    .filter((item) => item.type === 'image' && !item.mockup && typeof item.url === 'string')
    .map((item) => item.url as string);
  const all = [artwork.preview_url, ...media].filter((url): url is string => Boolean(url));
  return [...new Set(all)].map((url) => absolute(url, publicUrl));
}

export function shopifyRowsOf(artwork: ExportedArtwork, publicUrl: string): Row[] {
  const handle = handleOf(artwork);
  // The price a buyer pays first: the personal licence's, or the commercial one's when only that is offered.
  const price = artwork.offers_personal ? artwork.price_cents : (artwork.commercial_price_cents ?? artwork.price_cents);
  const published = artwork.status === 'published';
  const pictures = picturesOf(artwork, publicUrl);
  const empty = Object.fromEntries(SHOPIFY_HEADERS.map((header) => [header, ''])) as Row;
  const first: Row = {
    ...empty,
    Title: artwork.title,
    'URL handle': handle,
    Description: artwork.description,
    Vendor: artwork.artist,
    'Product category': PRINT_CATEGORY,
    Type: CATEGORIES.find((category) => category.id === artwork.category)?.name ?? artwork.category,
    Tags: jsonList<string>(artwork.tags).join(', '),
    'Published on online store': published ? 'TRUE' : 'FALSE',
    // Drafts and scheduled artworks are not for sale yet: Shopify's draft keeps them off its store too.
    Status: published ? 'active' : 'draft',
    SKU: artwork.sku ?? '',
    'Option1 name': 'Title',
    'Option1 value': 'Default Title',
    Price: dollars(price),
    'Compare-at price':
      artwork.original_price_cents && artwork.original_price_cents > price ? dollars(artwork.original_price_cents) : '',
    'Charge tax': 'TRUE',
    'Requires shipping': 'FALSE',
    'Gift card': 'FALSE',
  };
  const rows = [first];
  pictures.forEach((url, index) => {
    const row = index === 0 ? first : { ...empty, 'URL handle': handle };
    row['Product image URL'] = url;
    row['Image position'] = String(index + 1);
    row['Image alt text'] = artwork.title;
    if (index > 0) rows.push(row);
  });
  return rows;
}

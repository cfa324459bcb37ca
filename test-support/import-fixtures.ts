// CSV files as Etsy and Shopify export them, written from their documented columns, for the catalogue import's
// tests. The picture addresses point at the tests' https server (picture-server.ts), whose port changes per run.

const quote = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export const csvOf = (header: readonly string[], rows: ReadonlyArray<Record<string, string>>) =>
  [header.map(quote).join(','), ...rows.map((row) => header.map((name) => quote(row[name] ?? '')).join(','))].join(
    '\r\n',
  ) + '\r\n';

/** Etsy's listings CSV (Shop Manager → Settings → Options → Download Data → Currently for sale listings). */
export const ETSY_HEADER = [
  'TITLE',
  'DESCRIPTION',
  'PRICE',
  'CURRENCY_CODE',
  'QUANTITY',
  'TAGS',
  'MATERIALS',
  ...Array.from({ length: 10 }, (_, i) => `IMAGE${i + 1}`),
  'VARIATION 1 TYPE',
  'VARIATION 1 NAME',
  'VARIATION 1 VALUES',
  'VARIATION 2 TYPE',
  'VARIATION 2 NAME',
  'VARIATION 2 VALUES',
  'SKU',
];

const SUBJECTS = ['Ocean Waves', 'Mountain Dawn', 'Botanical Fern', 'Abstract Lines', 'City Night', 'Desert Bloom'];

/** The rows the 120-listing fixture breaks on purpose, by their row in the file (the header is row 1). */
export const BROKEN_ETSY_ROWS = [
  { row: 7, field: 'TITLE', reason: 'the title is missing' },
  { row: 19, field: 'PRICE', reason: 'is not a price' },
  { row: 33, field: 'IMAGE1', reason: 'not a web address' },
  { row: 48, field: 'IMAGE2', reason: 'only https' },
  { row: 64, field: 'IMAGE1', reason: '10.0.0.7 is a private address' },
  { row: 80, field: 'CURRENCY_CODE', reason: 'the currency is missing' },
  { row: 95, field: 'IMAGE1', reason: '169.254.169.254 is a link-local address' },
  { row: 111, field: 'PRICE', reason: 'the price must be more than 0' },
] as const;

/** Rows priced in euros: refused at confirmation without a rate, converted with one. */
export const EURO_ETSY_ROWS = [12, 13];

/**
 * 120 listings (rows 2 to 121): every sixth with a SKU, the others keyed by title and first picture; each with one
 * picture (every tenth with two); eight rows broken as BROKEN_ETSY_ROWS says; two priced in euros.
 */
export function etsyListingsCsv(origin: string, count = 120): string {
  const rows: Array<Record<string, string>> = [];
  for (let n = 1; n <= count; n += 1) {
    const row = n + 1;
    const subject = SUBJECTS[n % SUBJECTS.length]!;
    const listing: Record<string, string> = {
      TITLE: `${subject} Print No. ${n}`,
      DESCRIPTION: `A printable ${subject.toLowerCase()} wall art.\nInstant digital download, no frame shipped.`,
      PRICE: `${5 + (n % 7)}.${n % 2 === 0 ? '50' : '00'}`,
      CURRENCY_CODE: EURO_ETSY_ROWS.includes(row) ? 'EUR' : 'USD',
      QUANTITY: '999',
      TAGS: `${subject.toLowerCase()},printable wall art,digital download,${n % 2 ? 'landscape' : 'nature'}`,
      MATERIALS: 'digital file,jpg',
      IMAGE1: `${origin}/pictures/etsy-${n}.jpg`,
      'VARIATION 1 TYPE': 'Size',
      'VARIATION 1 NAME': 'Size',
      'VARIATION 1 VALUES': '8x10,11x14,16x20',
      SKU: n % 6 === 0 ? `ETSY-${String(n).padStart(4, '0')}` : '',
    };
    if (n % 10 === 0) listing.IMAGE2 = `${origin}/pictures/etsy-${n}-detail.jpg`;
    rows.push(listing);
  }
  // The breaks apply to the rows a shorter file has.
  const at = (row: number) => rows[row - 2] ?? {};
  at(7).TITLE = '   ';
  at(19).PRICE = '12,5O';
  at(33).IMAGE1 = 'pictures/etsy-32.jpg';
  at(48).IMAGE2 = `http://localhost/pictures/etsy-47-detail.jpg`;
  at(64).IMAGE1 = 'https://10.0.0.7/etsy-63.jpg';
  at(80).CURRENCY_CODE = '';
  at(95).IMAGE1 = 'https://169.254.169.254/latest/meta-data/';
  at(111).PRICE = '0.00';
  return csvOf(ETSY_HEADER, rows.slice(0, count));
}

/** Shopify's products CSV before 2024: one row per variant or image, grouped by Handle. */
export const SHOPIFY_OLD_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'Status',
];

/** Shopify's products CSV since 2024: the same rows under renamed columns. */
export const SHOPIFY_NEW_HEADER = [
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
  'Barcode',
  'Option1 name',
  'Option1 value',
  'Price',
  'Compare-at price',
  'Requires shipping',
  'Product image URL',
  'Image position',
  'Image alt text',
  'Gift card',
];

const OLD_TO_NEW: Record<string, string> = {
  Handle: 'URL handle',
  'Body (HTML)': 'Description',
  'Variant SKU': 'SKU',
  'Variant Price': 'Price',
  'Image Src': 'Product image URL',
  'Image Position': 'Image position',
  'Option1 Name': 'Option1 name',
  'Option1 Value': 'Option1 value',
};

/**
 * Three products: "sunset-over-hills" with two variants and three images (the last two on continuation rows, given
 * out of order), "ink-botanical" with one, and "broken-price" whose price is not one.
 */
export function shopifyProductsCsv(origin: string, headers: 'old' | 'new' = 'old'): string {
  const rows: Array<Record<string, string>> = [
    {
      Handle: 'sunset-over-hills',
      Title: 'Sunset Over Hills',
      'Body (HTML)':
        '<p>A <strong>warm</strong> landscape print.</p><script>alert(1)</script><p><a href="javascript:x">Shop</a> now</p>',
      Vendor: 'Studio',
      Tags: 'landscape, sunset, hills',
      Published: 'TRUE',
      'Option1 Name': 'Size',
      'Option1 Value': '8x10',
      'Variant SKU': 'SUN-HILLS',
      'Variant Price': '14.00',
      'Image Src': `${origin}/pictures/sunset-1.jpg`,
      'Image Position': '1',
      Status: 'active',
    },
    { Handle: 'sunset-over-hills', 'Option1 Value': '16x20', 'Variant SKU': 'SUN-HILLS-L', 'Variant Price': '19.00' },
    { Handle: 'sunset-over-hills', 'Image Src': `${origin}/pictures/sunset-3.jpg`, 'Image Position': '3' },
    { Handle: 'sunset-over-hills', 'Image Src': `${origin}/pictures/sunset-2.jpg`, 'Image Position': '2' },
    {
      Handle: 'ink-botanical',
      Title: 'Ink Botanical',
      'Body (HTML)': '<p>Fern &amp; leaf study</p>',
      Tags: 'botanical, plants',
      'Variant Price': '9.50',
      'Image Src': `${origin}/pictures/ink.jpg`,
      'Image Position': '1',
      Status: 'active',
    },
    { Handle: 'broken-price', Title: 'Broken Price', 'Variant Price': 'free', Status: 'draft' },
  ];
  if (headers === 'old') return csvOf(SHOPIFY_OLD_HEADER, rows);
  const renamed = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([name, value]) => [OLD_TO_NEW[name] ?? name, value])),
  );
  return csvOf(SHOPIFY_NEW_HEADER, renamed);
}

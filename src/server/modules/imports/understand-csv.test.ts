import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BROKEN_ETSY_ROWS, etsyListingsCsv, shopifyProductsCsv } from '#test-support/import-fixtures.ts';
import { convertCents } from './convert-price';
import { suggestedCategory } from './draft-artworks';
import { understandCsv } from './understand-csv';

const ORIGIN = 'https://pictures.example';
// Small chunks: the parser must put records back together across the upload's chunks.
const streamOf = (text: string) =>
  Readable.from(
    Buffer.from(text)
      .toString()
      .match(/[\s\S]{1,97}/g)!,
  );

describe('an Etsy listings CSV', () => {
  it('gives every listing, and names each broken row with its field and reason', async () => {
    const { source, listings, refused } = await understandCsv(streamOf(etsyListingsCsv(ORIGIN)));
    expect(source).toBe('etsy');
    expect(listings).toHaveLength(120 - BROKEN_ETSY_ROWS.length);
    expect(refused.map(({ row, field }) => ({ row, field }))).toEqual(
      BROKEN_ETSY_ROWS.map(({ row, field }) => ({ row, field })),
    );
    for (const [index, broken] of BROKEN_ETSY_ROWS.entries()) expect(refused[index]!.reason).toContain(broken.reason);

    const second = listings.find((l) => l.row === 2)!;
    expect(second).toMatchObject({
      title: 'Mountain Dawn Print No. 1',
      priceCents: 600,
      currency: 'USD',
      sku: null,
      imageUrls: [`${ORIGIN}/pictures/etsy-1.jpg`],
      tags: ['mountain dawn', 'printable wall art', 'digital download', 'landscape'],
    });
    expect(second.description).toBe('A printable mountain dawn wall art.\nInstant digital download, no frame shipped.');
    expect(listings.find((l) => l.row === 7)).toBeUndefined();
    expect(listings.find((l) => l.row === 13)).toMatchObject({ sku: 'ETSY-0012', key: 'sku:ETSY-0012' });
    expect(listings.find((l) => l.row === 11)!.imageUrls).toHaveLength(2);
    expect(listings.find((l) => l.row === 12)!.currency).toBe('EUR');
    // Keys of listings without a SKU come from the title and first picture: all different here.
    expect(new Set(listings.map((l) => l.key)).size).toBe(listings.length);
  });

  it('refuses the same listing twice in one file, naming the row it repeats', async () => {
    const csv = etsyListingsCsv(ORIGIN, 3);
    const [header, first] = csv.split('\r\n');
    const { listings, refused } = await understandCsv(streamOf(`${header}\r\n${first}\r\n${first}\r\n`));
    expect(listings).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ row: 3, field: 'TITLE', reason: 'the same listing as row 2' })]);
  });
});

describe.each(['old', 'new'] as const)('a Shopify products CSV with the %s headers', (headers) => {
  it('groups the continuation rows under their handle, images in their position order', async () => {
    const { source, listings, refused } = await understandCsv(streamOf(shopifyProductsCsv(ORIGIN, headers)));
    expect(source).toBe('shopify');
    expect(listings.map((l) => l.key)).toEqual(['handle:sunset-over-hills', 'handle:ink-botanical']);
    const sunset = listings[0]!;
    expect(sunset).toMatchObject({
      row: 2,
      title: 'Sunset Over Hills',
      priceCents: 1400,
      currency: null,
      sku: 'SUN-HILLS',
      tags: ['landscape', 'sunset', 'hills'],
      imageUrls: [1, 2, 3].map((n) => `${ORIGIN}/pictures/sunset-${n}.jpg`),
    });
    // The HTML became the text it shows: no tags, no script, no link target.
    expect(sunset.description).toBe('A warm landscape print.\n\nShop now');
    expect(listings[1]!.description).toBe('Fern & leaf study');
    expect(refused).toEqual([
      {
        row: 7,
        field: headers === 'old' ? 'Variant Price' : 'Price',
        reason: '"free" is not a price (digits, at most two decimals)',
        title: 'Broken Price',
      },
    ]);
  });
});

describe('what is not an import', () => {
  it.each([
    ['another CSV', 'name,email\r\nAda,ada@example.com\r\n', 'neither an Etsy listings CSV'],
    ['a header alone', 'TITLE,PRICE,CURRENCY_CODE,IMAGE1\r\n', 'no rows under its header'],
    ['a broken quote', 'TITLE,PRICE,CURRENCY_CODE,IMAGE1\r\n"unclosed,1,USD,x\r\n', 'not a readable CSV'],
  ])('refuses %s with a reason for the file field', async (_name, text, message) => {
    await expect(understandCsv(streamOf(text))).rejects.toMatchObject({
      message: expect.stringContaining(message),
      details: { file: [expect.stringContaining(message)] },
    });
  });
});

describe('prices and categories', () => {
  it('converts at the owner rate to the nearest cent, a half cent up', () => {
    expect(convertCents(1250, 1.085)).toBe(1356);
    expect(convertCents(1, 0.5)).toBe(1);
    expect(convertCents(999, 1)).toBe(999);
    expect(convertCents(100_000, 0.000001)).toBe(0);
  });

  it('suggests a category from the title words and tags', () => {
    expect(suggestedCategory({ title: 'Botanical Fern Print', tags: [] })).not.toBe(
      suggestedCategory({ title: 'Untitled', tags: [] }),
    );
  });
});

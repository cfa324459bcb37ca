// The catalogue as Shopify's products CSV, written while it is read: artworks a page at a time, through
// csv-stringify (quoting, line breaks inside descriptions), so a catalogue of any size streams out.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SHOPIFY_HEADERS, shopifyRowsOf, type ExportedArtwork } from './shopify-product-rows';

const PAGE_ARTWORKS = 200;

async function* artworkPages(db: Kysely<Database>): AsyncGenerator<ExportedArtwork> {
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom('artworks')
      // Every column: the seller's SKU is read when the schema has it (a later migration adds it on some stores).
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE_ARTWORKS)
      .execute();
    for (const artwork of page) yield artwork;
    if (page.length < PAGE_ARTWORKS) return;
    after = page.at(-1)?.id ?? after;
  }
}

/** Every artwork, drafts and scheduled ones too (as Shopify drafts), as CSV text in a stream. */
export function shopifyProductsCsv(db: Kysely<Database>, publicUrl: string): Readable {
  const csv = stringify({ header: true, columns: [...SHOPIFY_HEADERS] });
  const rows = Readable.from(
    (async function* () {
      for await (const artwork of artworkPages(db)) yield* shopifyRowsOf(artwork, publicUrl);
    })(),
  );
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}

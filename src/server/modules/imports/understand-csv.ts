import type { Readable } from 'node:stream';
import type { Listing, RefusedRow } from '#shared/imports/import-schema.ts';
import { IMPORT_MAX_LISTINGS } from '#shared/imports/import-limits.ts';
import type { ImportSource } from '../../db/import-tables';
import { InvalidInputError } from '../../errors';
import { csvRecords, type CsvRecord } from './csv-records';
import { ETSY_COLUMNS, etsyListing } from './etsy-listings';
import { groupShopifyRows, isShopifyHeader, shopifyListing } from './shopify-products';

export interface UnderstoodCsv {
  source: ImportSource;
  listings: Listing[];
  refused: RefusedRow[];
}

const badFile = (message: string) => new InvalidInputError(message, { file: [message] });

/** Which shop wrote the file, from the columns of its first record. */
function sourceOf(columns: readonly string[]): ImportSource {
  if (isShopifyHeader(columns)) return 'shopify';
  if (ETSY_COLUMNS.every((name) => columns.includes(name))) return 'etsy';
  throw badFile(
    `This is neither an Etsy listings CSV (columns ${ETSY_COLUMNS.join(', ')}…) nor a Shopify products CSV ` +
      '(Handle or URL handle, Title…).',
  );
}

/** The records after the first, which was read to tell the format. */
async function* including(first: CsvRecord, rest: AsyncIterator<CsvRecord>): AsyncGenerator<CsvRecord> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Reads an Etsy or a Shopify CSV as it streams in: the listings it describes and every row that cannot be used,
 * with its reason. Nothing is written: the owner sees this first.
 */
export async function understandCsv(input: Readable): Promise<UnderstoodCsv> {
  const records = csvRecords(input);
  const first = await records.next();
  if (first.done) throw badFile('The file has no rows under its header.');
  const source = sourceOf(Object.keys(first.value.fields));
  const all = including(first.value, records);
  const listings: Listing[] = [];
  const refused: RefusedRow[] = [];
  const rowOfKey = new Map<string, number>();
  const take = (result: Listing | RefusedRow) => {
    if (!('key' in result)) return refused.push(result);
    const earlier = rowOfKey.get(result.key);
    if (earlier !== undefined) {
      const field = source === 'etsy' ? (result.sku ? 'SKU' : 'TITLE') : 'Handle';
      return refused.push({
        row: result.row,
        field,
        reason: `the same listing as row ${earlier}`,
        title: result.title,
      });
    }
    rowOfKey.set(result.key, result.row);
    listings.push(result);
    if (listings.length > IMPORT_MAX_LISTINGS)
      throw badFile(`The file has more than ${IMPORT_MAX_LISTINGS} listings: split it.`);
  };
  if (source === 'etsy') {
    for await (const record of all) take(etsyListing(record));
  } else {
    const grouped = await groupShopifyRows(all);
    refused.push(...grouped.refused);
    for (const product of grouped.products) take(shopifyListing(product));
  }
  return { source, listings, refused: refused.sort((a, b) => a.row - b.row) };
}

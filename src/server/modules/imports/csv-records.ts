import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { IMPORT_MAX_ROWS } from '#shared/imports/import-limits.ts';
import { InvalidInputError } from '../../errors';

/** One record of a CSV: its row as a spreadsheet shows it (the header is row 1) and its fields by column name. */
export interface CsvRecord {
  row: number;
  fields: Record<string, string>;
}

const badFile = (message: string) => new InvalidInputError(message, { file: [message] });

/**
 * The records of a CSV as they stream in (csv-parse): header names trimmed and a byte-order mark dropped (Excel
 * writes one), rows with fewer or more cells than the header kept (the missing cells empty), blank lines skipped.
 * A file that is not CSV at all (an unclosed quote, binary) is the owner's 400, naming the line.
 */
export async function* csvRecords(input: Readable): AsyncGenerator<CsvRecord> {
  const parser = input.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1024 * 1024,
    }),
  );
  // A failed read of the upload itself ends the parser too, so the loop below sees it.
  input.once('error', (error) => parser.destroy(error));
  let row = 1;
  try {
    for await (const fields of parser as AsyncIterable<Record<string, string>>) {
      row += 1;
      if (row - 1 > IMPORT_MAX_ROWS) throw badFile(`The file has more than ${IMPORT_MAX_ROWS} rows: split it.`);
      yield { row, fields };
    }
  } catch (error) {
    if (error instanceof CsvError) throw badFile(`The file is not a readable CSV (line ${row + 1}): ${error.message}`);
    throw error;
  }
}

/** A field by the first of its names the file has (Shopify renamed its columns), trimmed; '' when none. */
export function fieldOf(fields: Record<string, string>, ...names: string[]): string {
  for (const name of names) {
    const value = fields[name];
    if (value !== undefined) return value.trim();
  }
  return '';
}

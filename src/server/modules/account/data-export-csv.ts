import { stringify } from 'csv-stringify/sync';
import type { DataExport } from './data-export';

type Cell = string | number | boolean | null;

/** Nested records as dotted paths ('lines.1.title'), so any section, of any shape, fits four columns. */
function flatten(value: unknown, path: string, out: Array<[string, Cell]>): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => flatten(entry, path ? `${path}.${index + 1}` : String(index + 1), out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) flatten(entry, path ? `${path}.${key}` : key, out);
  } else {
    out.push([path, value as Cell]);
  }
}

/**
 * The same copy as the JSON file, as one CSV a spreadsheet opens: a row per value, `section,record,field,value`.
 * A section that is a list numbers its records from 1; a single record (the account) is record 1. Cells starting
 * with a formula character get a leading quote (csv-stringify's `escape_formulas`): a title never runs as a formula.
 */
export function dataExportCsv(data: DataExport): string {
  const rows: Cell[][] = [];
  for (const [section, content] of Object.entries(data.sections)) {
    const records = Array.isArray(content) ? content : [content];
    records.forEach((record, index) => {
      const cells: Array<[string, Cell]> = [];
      flatten(record, '', cells);
      for (const [field, value] of cells) rows.push([section, index + 1, field, value]);
    });
  }
  return stringify(rows, {
    header: true,
    columns: ['section', 'record', 'field', 'value'],
    escape_formulas: true,
    bom: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

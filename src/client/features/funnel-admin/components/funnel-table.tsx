import type { ReactNode } from 'react';
import { formatConversion } from '#shared/analytics/funnel.ts';
import type { FunnelFigures } from '#shared/analytics/funnel-schema.ts';
import { formatMoneyCents } from '#shared/money/money.ts';
import { count } from '../funnel-format';

const COLUMNS: Array<{ label: string; cell: (figures: FunnelFigures, currency: string) => string }> = [
  { label: 'Views', cell: (f) => count(f.views) },
  { label: 'Visitors', cell: (f) => count(f.visitors) },
  { label: 'Carts', cell: (f) => count(f.carts) },
  { label: 'Checkouts', cell: (f) => count(f.checkouts) },
  { label: 'Sales', cell: (f) => count(f.sales) },
  { label: 'Conversion', cell: (f) => formatConversion(f.conversion) },
  { label: 'Revenue', cell: (f, currency) => formatMoneyCents(f.revenueCents, currency) },
];

interface FunnelTableProps<Row extends FunnelFigures> {
  caption: string;
  /** The first column's heading: what a row is (a day, an artwork). */
  rowLabel: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowHead: (row: Row) => ReactNode;
  currency: string;
}

/**
 * A row per day or artwork with the funnel's figures: a table on a desktop, a card a row on a phone
 * (admin-table--cards), each figure labelled as its column is.
 */
export function FunnelTable<Row extends FunnelFigures>({
  caption,
  rowLabel,
  rows,
  rowKey,
  rowHead,
  currency,
}: FunnelTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="admin-table admin-table--cards funnel-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowLabel}</th>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className="funnel-number">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row">{rowHead(row)}</th>
              {COLUMNS.map((column) => (
                <td key={column.label} data-label={column.label} className="funnel-number">
                  {column.cell(row, currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { SCHEME_LABELS, TREATMENT_LABELS } from '#shared/taxes/tax-report.ts';
import type { TaxReport, TaxReportFigures } from '#shared/taxes/tax-report-schema.ts';
import { formatRate } from '#shared/taxes/taxes.ts';
import { documentsText, formatMoney } from '../tax-format';

interface FigureColumn {
  label: string;
  currency: string;
  cents: (figures: TaxReportFigures) => number | null;
}

/** The money columns: net and tax in the store's currency, and in euros when the report has a rate. */
function figureColumns(currency: string, euros: boolean): FigureColumn[] {
  const code = currency.toUpperCase();
  return [
    { label: `Net (${code})`, currency, cents: (figures) => figures.netCents },
    { label: `Tax (${code})`, currency, cents: (figures) => figures.taxCents },
    ...(euros
      ? [
          { label: 'Net (EUR)', currency: 'eur', cents: (figures: TaxReportFigures) => figures.eurNetCents },
          { label: 'Tax (EUR)', currency: 'eur', cents: (figures: TaxReportFigures) => figures.eurTaxCents },
        ]
      : []),
  ];
}

/** A row's figures, or the totals': the money columns, then the documents. */
function FigureCells({ figures, columns }: { figures: TaxReportFigures; columns: FigureColumn[] }) {
  return (
    <>
      {columns.map((column) => {
        const cents = column.cents(figures);
        return (
          <td key={column.label} data-label={column.label} className="tax-number">
            {cents === null ? '' : formatMoney(cents, column.currency)}
          </td>
        );
      })}
      <td data-label="Documents" className="tax-report-table__documents">
        {documentsText(figures.invoices, figures.creditNotes)}
      </td>
    </>
  );
}

/**
 * The quarter's rows: a table on a desktop; on a phone a card a row (admin-table--cards), each figure labelled as
 * its column is. The euro columns come when the report has a rate.
 */
export function TaxReportTable({ report }: { report: TaxReport }) {
  const { currency, rows, totals } = report;
  const columns = figureColumns(currency, report.eurRate !== null);
  return (
    <div className="table-wrap">
      <table className="admin-table admin-table--cards tax-report-table">
        <caption className="visually-hidden">
          Sales by country, scheme, treatment and rate; credit notes are netted against invoices
        </caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Scheme</th>
            <th scope="col">Treatment</th>
            <th scope="col" className="tax-number">
              Rate
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="tax-number">
                {column.label}
              </th>
            ))}
            <th scope="col">Documents</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.country}|${row.scheme ?? ''}|${row.treatment}|${row.rateBp}`}>
              <th scope="row" className="tax-report-table__place">
                {row.countryName} <span className="muted">{row.country}</span>
              </th>
              <td data-label="Scheme" className="tax-report-table__fact">
                {row.scheme ? (SCHEME_LABELS[row.scheme] ?? row.scheme) : '—'}
              </td>
              <td data-label="Treatment" className="tax-report-table__fact">
                {TREATMENT_LABELS[row.treatment]}
              </td>
              <td data-label="Rate" className="tax-number tax-report-table__fact">
                {formatRate(row.rateBp)}
              </td>
              <FigureCells figures={row} columns={columns} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="tax-report-table__place">
              Total
            </th>
            <FigureCells figures={totals} columns={columns} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

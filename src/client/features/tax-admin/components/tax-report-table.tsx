import { SCHEME_LABELS, TREATMENT_LABELS } from '#shared/tax-report.ts';
import type { TaxReport } from '#shared/tax-report-schema.ts';
import { formatRate } from '#shared/taxes.ts';
import { documentsText, formatMoney } from '../tax-format';

/**
 * The quarter's rows: a table on a desktop; on a phone a card a row (admin-table--cards), each figure labelled as
 * its column is. The euro columns come when the report has a rate.
 */
export function TaxReportTable({ report }: { report: TaxReport }) {
  const { currency, rows, totals } = report;
  const euros = report.eurRate !== null;
  const money = (cents: number) => formatMoney(cents, currency);
  const eur = (cents: number | null) => (cents === null ? '' : formatMoney(cents, 'eur'));
  const code = currency.toUpperCase();
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
            <th scope="col" className="tax-number">
              Net ({code})
            </th>
            <th scope="col" className="tax-number">
              Tax ({code})
            </th>
            {euros && (
              <>
                <th scope="col" className="tax-number">
                  Net (EUR)
                </th>
                <th scope="col" className="tax-number">
                  Tax (EUR)
                </th>
              </>
            )}
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
              <td data-label={`Net (${code})`} className="tax-number">
                {money(row.netCents)}
              </td>
              <td data-label={`Tax (${code})`} className="tax-number">
                {money(row.taxCents)}
              </td>
              {euros && (
                <>
                  <td data-label="Net (EUR)" className="tax-number">
                    {eur(row.eurNetCents)}
                  </td>
                  <td data-label="Tax (EUR)" className="tax-number">
                    {eur(row.eurTaxCents)}
                  </td>
                </>
              )}
              <td data-label="Documents" className="tax-report-table__documents">
                {documentsText(row.invoices, row.creditNotes)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="tax-report-table__place">
              Total
            </th>
            <td data-label={`Net (${code})`} className="tax-number">
              {money(totals.netCents)}
            </td>
            <td data-label={`Tax (${code})`} className="tax-number">
              {money(totals.taxCents)}
            </td>
            {euros && (
              <>
                <td data-label="Net (EUR)" className="tax-number">
                  {eur(totals.eurNetCents)}
                </td>
                <td data-label="Tax (EUR)" className="tax-number">
                  {eur(totals.eurTaxCents)}
                </td>
              </>
            )}
            <td data-label="Documents" className="tax-report-table__documents">
              {documentsText(totals.invoices, totals.creditNotes)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

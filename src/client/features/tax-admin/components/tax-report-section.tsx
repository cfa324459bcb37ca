import { useId } from 'react';
import { quarterLabel, recentQuarters } from '#shared/taxes/tax-report.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { taxReportCsvUrl } from '../api/tax-admin-api';
import { useTaxReport } from '../api/tax-admin-queries';
import { formatDay } from '../tax-format';
import { EurRateForm } from './eur-rate-form';
import { TaxReportTable } from './tax-report-table';

interface TaxReportSectionProps {
  quarter: string;
  onQuarter: (quarter: string) => void;
}

/** The quarterly report: the quarter to show, its euro rate (for a store not in euros), its rows and its CSV. */
export function TaxReportSection({ quarter, onQuarter }: TaxReportSectionProps) {
  const report = useTaxReport(quarter);
  const pickerId = useId();
  const offered = recentQuarters(new Date());
  const quarters = offered.includes(quarter) ? offered : [...offered, quarter];
  const data = report.data;

  return (
    <section className="tax-report" aria-labelledby="tax-report-heading">
      <h2 id="tax-report-heading">Quarterly report</h2>
      <p className="muted">
        The invoices and credit notes issued in the quarter (UTC dates), added up by country, scheme, treatment and
        rate. A refund counts in the quarter of its credit note, against that quarter’s sales.
      </p>
      <div className="tax-report__controls">
        <div className="field">
          <label className="field__label" htmlFor={pickerId}>
            Quarter
          </label>
          <select id={pickerId} value={quarter} onChange={(event) => onQuarter(event.target.value)}>
            {quarters.map((option) => (
              <option key={option} value={option}>
                {quarterLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <a className="button" href={taxReportCsvUrl(quarter)} download={`tax-${quarter}.csv`}>
          Download CSV
        </a>
      </div>
      {data && data.currency !== 'eur' && <EurRateForm key={data.quarter} report={data} />}
      {report.isPending && <p className="muted">Loading...</p>}
      {report.isError && <FormMessage kind="error">Failed to load the report. Please try again.</FormMessage>}
      {data && (
        <div className="tax-report__result" aria-busy={report.isPlaceholderData}>
          <p className="tax-report__period">
            <strong>{quarterLabel(data.quarter)}</strong>{' '}
            <span className="muted">
              {formatDay(data.from)} to {formatDay(data.to)}
              {data.eurRate && `, euros at 1 EUR = ${data.eurRate.rate} ${data.currency.toUpperCase()}`}
            </span>
          </p>
          {data.otherCurrencies.map((other) => (
            <FormMessage key={other.currency} kind="error">
              {other.documents === 1 ? '1 document' : `${other.documents} documents`} of this quarter{' '}
              {other.documents === 1 ? 'is' : 'are'} in {other.currency.toUpperCase()}, not the store’s currency, and{' '}
              {other.documents === 1 ? 'is' : 'are'} not in these figures.
            </FormMessage>
          ))}
          {data.rows.length === 0 ? (
            <div className="empty-state">
              <p>No invoices or credit notes in this quarter.</p>
            </div>
          ) : (
            <TaxReportTable report={data} />
          )}
        </div>
      )}
    </section>
  );
}

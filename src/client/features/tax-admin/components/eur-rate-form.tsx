import { useState, type FormEvent } from 'react';
import { quarterLastDay } from '#shared/taxes/tax-report.ts';
import type { TaxReport } from '#shared/taxes/tax-report-schema.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useSaveEurRate } from '../api/tax-admin-queries';
import { formatDay } from '../tax-format';

/**
 * The euro rate for the quarter, kept by the server so the page shows it again: the ECB's reference rate for the
 * quarter's last day, which the OSS return converts with. Saving it brings the euro columns.
 * Keyed by quarter and kept rate by its page, so a new quarter starts from its own.
 */
export function EurRateForm({ report }: { report: TaxReport }) {
  const save = useSaveEurRate();
  const [rate, setRate] = useState(report.storedEurRate ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const code = report.currency.toUpperCase();
  const lastDay = formatDay(quarterLastDay(report.quarter));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(null);
    // A comma is how much of Europe writes the decimal point.
    const typed = rate.trim().replace(',', '.');
    try {
      const kept = await save.mutateAsync({ quarter: report.quarter, rate: typed });
      setRate(kept.rate);
      setSaved(`Saved: 1 EUR = ${kept.rate} ${code}.`);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.details?.rate?.[0] : undefined;
      setError(field ?? errorMessage(failure, 'The rate could not be saved. Please try again.'));
    }
  };

  return (
    <form className="eur-rate-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={`Euro rate: ${code} for 1 EUR`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={code === 'USD' ? 'e.g. 1.0815' : 'e.g. 0.8567'}
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={error ?? undefined}
        hint={
          <>
            The European Central Bank’s reference rate for {lastDay}, the quarter’s last day: your OSS return converts
            with it. Each row is divided by it and rounded to the cent; the totals add up the rows.
          </>
        }
      />
      <button type="submit" className="button button--primary" disabled={save.isPending || rate.trim() === ''}>
        {save.isPending ? 'Saving...' : 'Save rate'}
      </button>
      {saved && <FormMessage kind="success">{saved}</FormMessage>}
      {!report.storedEurRate && !saved && (
        <p className="muted eur-rate-form__none">No rate is saved for this quarter: the euro columns are hidden.</p>
      )}
    </form>
  );
}

import { useState } from 'react';
import type { ImportPreview } from '#shared/imports/import-schema.ts';

/** Confirming: a rate for each currency other than the store's (left empty, those listings are refused). */
export function ConfirmImport({
  preview,
  busy,
  onConfirm,
}: {
  preview: ImportPreview;
  busy: boolean;
  onConfirm: (rates: Record<string, number>) => void;
}) {
  const [rates, setRates] = useState<Record<string, string>>({});
  const fresh = preview.listings.filter((l) => !l.alreadyImported).length;
  return (
    <form
      className="import-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        const given = Object.entries(rates).filter(([, value]) => value.trim() !== '');
        onConfirm(Object.fromEntries(given.map(([code, value]) => [code, Number(value)])));
      }}
    >
      {preview.foreignCurrencies.map((code) => (
        <label key={code} className="import-confirm__rate">
          <span>
            1 {code} = … {preview.storeCurrency} (leave empty to skip the listings priced in {code})
          </span>
          <input
            type="number"
            name={`rate-${code}`}
            inputMode="decimal"
            min="0"
            step="any"
            value={rates[code] ?? ''}
            onChange={(event) => setRates({ ...rates, [code]: event.currentTarget.value })}
          />
        </label>
      ))}
      <button type="submit" className="button button--primary" disabled={busy || fresh === 0}>
        {busy ? 'Importing…' : `Import ${fresh} listings as drafts`}
      </button>
    </form>
  );
}

import { useId, useState } from 'react';
import { IMPORT_COLUMNS } from '#shared/mailing/mailing-list.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useImportList } from '../api/mailing-list-queries';

/** A list gathered elsewhere, taken only with its evidence of consent; rows without it are listed back. */
export function ListImport() {
  const id = useId();
  const importList = useImportList();
  const [file, setFile] = useState<File | null>(null);

  return (
    <section className="mailing-list__card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Import subscribers</h2>
      <p>
        A CSV with a header row of <code>{IMPORT_COLUMNS.join(', ')}</code>: kinds separated by spaces (news, new-art,
        cart-reminders, review-requests), the date consent was given, and how (e.g. “Mailchimp form, 2025-03-01”). Rows
        without a date or evidence are not imported and never mailed.
      </p>
      <form
        className="mailing-list__import"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) void file.text().then((csv) => importList.mutate(csv));
        }}
      >
        <label className="field">
          <span className="field__label">CSV file</span>
          <input type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className="button" disabled={!file || importList.isPending}>
          {importList.isPending ? 'Importing...' : 'Import'}
        </button>
      </form>
      {importList.isError && (
        <FormMessage kind="error">{errorMessage(importList.error, 'The import failed')}</FormMessage>
      )}
      {importList.data && (
        <div role="status">
          <p>
            <strong>{importList.data.imported}</strong> consents imported as confirmed.
          </p>
          {importList.data.rejected.length > 0 && (
            <>
              <p>{importList.data.rejected.length} rows not imported:</p>
              <ul className="mailing-list__rejected">
                {importList.data.rejected.map((row) => (
                  <li key={row.line}>
                    Line {row.line} {row.email && <>({row.email})</>}: {row.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

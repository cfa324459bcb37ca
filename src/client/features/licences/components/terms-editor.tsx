import { useState, type FormEvent } from 'react';
import type { LicenceTerms } from '#shared/licences/licence-schema.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorWithDetails } from '#client/lib/api-error-text.ts';
import { formatLongDate } from '#client/lib/order-dates.ts';
import { useSaveTerms } from '../api/licences-queries';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The owner's words for one licence. Saving makes the next version: orders already sold keep naming the version
 * they were sold under, so nothing a buyer was promised changes after the sale.
 */
export function TermsEditor({ terms }: { terms: LicenceTerms }) {
  const [summary, setSummary] = useState(terms.summary);
  const [allowed, setAllowed] = useState(terms.allowed.join('\n'));
  const [notAllowed, setNotAllowed] = useState(terms.notAllowed.join('\n'));
  const save = useSaveTerms();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      licence: terms.licence,
      terms: { summary: summary.trim(), allowed: linesOf(allowed), notAllowed: linesOf(notAllowed) },
    });
  };

  return (
    <form className="terms-editor" onSubmit={submit} aria-labelledby={`terms-editor-${terms.licence}`}>
      <h2 id={`terms-editor-${terms.licence}`}>{terms.label}</h2>
      <p className="muted">
        Version {terms.version}, saved {formatLongDate(terms.savedAt)}. Saving makes version {terms.version + 1}; what
        was sold before keeps its version.
      </p>
      <FormField
        label="Summary"
        renderControl={(props) => (
          <textarea {...props} rows={3} value={summary} onChange={(e) => setSummary(e.target.value)} required />
        )}
      />
      <FormField
        label="What the buyer may do (one per line)"
        renderControl={(props) => (
          <textarea {...props} rows={6} value={allowed} onChange={(e) => setAllowed(e.target.value)} required />
        )}
      />
      <FormField
        label="What the buyer may not do (one per line)"
        renderControl={(props) => (
          <textarea {...props} rows={6} value={notAllowed} onChange={(e) => setNotAllowed(e.target.value)} required />
        )}
      />
      {save.isError && (
        <FormMessage kind="error">{errorWithDetails(save.error, 'The terms could not be saved.')}</FormMessage>
      )}
      {save.isSuccess && <FormMessage kind="success">Saved as version {save.data.version}.</FormMessage>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : `Save the ${terms.licence} terms`}
      </button>
    </form>
  );
}

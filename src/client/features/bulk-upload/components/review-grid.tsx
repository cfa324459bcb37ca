import { useState } from 'react';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorWithDetails } from '#client/lib/api-error-text.ts';
import { usePublishDrafts, useUpdateDraft } from '../api/bulk-upload-api';
import { DraftRow } from './draft-row';

/**
 * The batch's drafts to review: each one's fields edited in place, some or all selected, and published in one
 * step. Files still being made into drafts are counted, and refused ones listed with the reason.
 */
export function ReviewGrid({ batch }: { batch: BulkBatch }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const update = useUpdateDraft(batch.id);
  const publish = usePublishDrafts(batch.id);

  const drafted = batch.files.filter((file) => file.draft !== null);
  const waiting = batch.files.filter((file) => file.status !== 'drafted' && file.status !== 'failed').length;
  const failed = batch.files.filter((file) => file.status === 'failed');
  const selectable = drafted.filter((file) => file.draft!.status !== 'published').map((file) => file.draft!.id);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));

  const toggle = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const publishSelected = () => {
    const ids = selectable.filter((id) => selected.has(id));
    publish.mutate(ids, {
      onSuccess: ({ published }) => {
        setSelected(new Set());
        setMessage({ kind: 'success', text: `${published} ${published === 1 ? 'artwork is' : 'artworks are'} live.` });
      },
      onError: (error) => setMessage({ kind: 'error', text: errorWithDetails(error, 'Publishing failed.') }),
    });
  };

  return (
    <section className="bulk-review" aria-label="Review drafts">
      <div className="bulk-review__bar">
        <label>
          <input
            type="checkbox"
            checked={allSelected}
            disabled={selectable.length === 0}
            onChange={(event) => setSelected(new Set(event.target.checked ? selectable : []))}
          />{' '}
          Select all ({selectable.length})
        </label>
        <span aria-live="polite">
          {drafted.length} {drafted.length === 1 ? 'draft' : 'drafts'}
          {waiting > 0 ? `, ${waiting} being prepared` : ''}
        </span>
        <button
          type="button"
          className="button button--primary"
          disabled={selected.size === 0 || publish.isPending}
          onClick={publishSelected}
        >
          Publish selected ({selected.size})
        </button>
      </div>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {update.isError && (
        <FormMessage kind="error">{errorWithDetails(update.error, 'The change was not saved.')}</FormMessage>
      )}
      {failed.length > 0 && (
        <ul className="bulk-review__failed" aria-label="Refused files">
          {failed.map((file) => (
            <li key={file.uploadId}>
              <strong>{file.fileName}</strong>: {file.error}
            </li>
          ))}
        </ul>
      )}
      <ul className="bulk-review__grid">
        {drafted.map((file) => (
          <DraftRow
            key={file.uploadId}
            draft={file.draft!}
            fileName={file.fileName}
            selected={selected.has(file.draft!.id)}
            onSelect={(on) => toggle(file.draft!.id, on)}
            onSave={(edit) => update.mutate({ id: file.draft!.id, edit })}
          />
        ))}
      </ul>
    </section>
  );
}

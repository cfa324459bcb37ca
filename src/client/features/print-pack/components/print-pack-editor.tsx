import { isJobActive } from '#shared/jobs/job-status.ts';
import { useMemo, useState } from 'react';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { printLabel, type RatioId } from '#shared/prints/print-sizes.ts';
import type { Size } from '#shared/prints/ratio-crop.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorWithDetails } from '#client/lib/api-error-text.ts';
import { useRetryPrintFile, useSavePrintPack } from '../api/print-pack-mutations';
import { draftOf, isChanged, updateOf, type PackDraft } from '../pack-draft';
import { ratioChoices } from '../ratio-choices';
import { CropWorkspace } from './crop-workspace';
import { PackProgress } from './pack-progress';
import { RatioChooser } from './ratio-chooser';

interface PrintPackEditorProps {
  artworkId: number;
  pack: OwnerPrintPack & { master: Size };
  imageUrl: string;
}

/**
 * The owner's print pack once the master's size is known: what it prints, the ratios offered, the crops, and the
 * files being made. Changes stay a draft until Save; the pack itself keeps refreshing underneath while it is made.
 */
export function PrintPackEditor({ artworkId, pack, imageUrl }: PrintPackEditorProps) {
  const save = useSavePrintPack();
  const retry = useRetryPrintFile();
  const [draft, setDraft] = useState<PackDraft>(() => draftOf(pack));
  const [editing, setEditing] = useState<RatioId>('4x5');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const choices = useMemo(() => ratioChoices(pack.master), [pack.master]);
  const saved = useMemo(() => draftOf(pack).crops, [pack]);
  const changed = isChanged(draft, pack);

  function onSave() {
    setMessage(null);
    save.mutate(
      { artworkId, update: updateOf(draft, pack) },
      {
        // The server keeps each crop snapped to whole pixels of the master: the draft starts again from that.
        onSuccess: (answer) => {
          setDraft(draftOf(answer));
          const making = isJobActive(answer.progress.status);
          setMessage({ kind: 'success', text: `Print pack saved.${making ? ' Its files are being made again.' : ''}` });
        },
        onError: (error) =>
          setMessage({ kind: 'error', text: errorWithDetails(error, 'The print pack was not saved') }),
      },
    );
  }

  function onRetry(ratio: RatioId) {
    setMessage(null);
    retry.mutate(
      { artworkId, ratio },
      { onError: (error) => setMessage({ kind: 'error', text: errorWithDetails(error, 'The retry was refused') }) },
    );
  }

  return (
    <>
      <p className="print-pack__master">
        <span className="muted">Master:</span> {printLabel(pack.master.width, pack.master.height)}
      </p>
      <PackProgress
        pack={pack}
        retrying={retry.isPending ? (retry.variables?.ratio ?? null) : null}
        onRetry={onRetry}
      />
      <RatioChooser
        choices={choices}
        offered={draft.offered}
        onChange={(offered) => setDraft((current) => ({ ...current, offered }))}
      />
      <CropWorkspace
        imageUrl={imageUrl}
        master={pack.master}
        crops={draft.crops}
        saved={saved}
        offered={draft.offered}
        editing={editing}
        onEdit={setEditing}
        onMove={(ratio, crop) => setDraft((current) => ({ ...current, crops: { ...current.crops, [ratio]: crop } }))}
      />
      {draft.offered.size === 0 && <FormMessage kind="error">Offer at least one ratio.</FormMessage>}
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="button-row print-pack__save">
        <button
          type="button"
          className="button button--primary"
          disabled={!changed || save.isPending || draft.offered.size === 0}
          onClick={onSave}
        >
          {save.isPending ? 'Saving…' : 'Save print pack'}
        </button>
        <button
          type="button"
          className="button"
          disabled={!changed || save.isPending}
          onClick={() => setDraft(draftOf(pack))}
        >
          Undo changes
        </button>
        {changed && <span className="muted">Unsaved changes</span>}
      </div>
    </>
  );
}

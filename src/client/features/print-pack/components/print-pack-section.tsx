import { isJobActive } from '#shared/jobs/job-status.ts';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { packProgressText } from '#shared/prints/print-pack.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { usePrintPack } from '../api/print-pack-queries';
import { PrintPackEditor } from './print-pack-editor';

/**
 * Until the first job has read the master, the store does not know its size, and so neither its crops. With no job
 * on its way, the artwork has no image master to make a pack from.
 */
function PackWithoutMaster({ pack }: { pack: OwnerPrintPack }) {
  if (pack.progress.status === 'failed') {
    return <FormMessage kind="error">{packProgressText(pack.progress)}</FormMessage>;
  }
  if (!isJobActive(pack.progress.status)) {
    return (
      <p className="muted">
        No print pack: the store makes one from a full-resolution image file. Upload one above to offer prints.
      </p>
    );
  }
  return (
    <div className="print-pack__preparing" role="status">
      <span className="print-pack__spinner" aria-hidden="true" />
      <div>
        <p>Preparing the print pack…</p>
        <p className="muted">The ratios and crops appear here once the store has read the master image.</p>
      </div>
    </div>
  );
}

/** The edit page's print pack: the files the store makes from the private master, one a print ratio. */
export function PrintPackSection({ artworkId, imageUrl }: { artworkId: number; imageUrl: string }) {
  const pack = usePrintPack(artworkId);
  const master = pack.data?.master;
  return (
    <section className="print-pack" aria-labelledby="print-pack-title">
      <h2 id="print-pack-title">Print pack</h2>
      <p className="muted print-pack__intro">
        One print file a ratio, each the largest crop of that ratio in the master, at 300 DPI.
      </p>
      {pack.isPending && <p className="muted">Loading…</p>}
      {pack.isError && !pack.data && (
        <FormMessage kind="error">The print pack could not be loaded. Please reload the page.</FormMessage>
      )}
      {pack.data &&
        (master ? (
          // A new master (another upload) has crops of other sizes: the editor starts again from the pack.
          <PrintPackEditor
            key={`${master.width}x${master.height}`}
            artworkId={artworkId}
            pack={{ ...pack.data, master }}
            imageUrl={imageUrl}
          />
        ) : (
          <PackWithoutMaster pack={pack.data} />
        ))}
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { Meta, Uppy } from '@uppy/core';
import { BULK_UPLOAD_ACCEPT, BULK_UPLOAD_TUS_PATH, MAX_FILES_PER_BATCH } from '#shared/catalogue/bulk-upload.ts';
import { UPLOAD_LIMITS } from '#shared/catalogue/artwork-write.ts';

/** Files sent at once: enough to keep the line busy, few enough that each shows steady progress. */
const PARALLEL_UPLOADS = 4;
/**
 * Each PATCH carries at most this much: a lost connection costs at most one part, and a proxy's request body limit
 * (deploy/nginx.conf) is never reached whatever the master's size.
 */
export const CHUNK_BYTES = 5 * 1024 * 1024;
/** After a lost connection, tries again after these waits (ms), then shows the file as failed to retry by hand. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];

/**
 * The drop zone for up to 200 masters (or a folder), each with its own progress bar: Uppy's dashboard over its tus
 * uploader. Uppy is fetched when this mounts, so no other page carries it. A file dropped again after a reload or
 * a lost connection resumes where it stopped: the tus client keeps each file's upload address in this browser by
 * the file's fingerprint. `onFileDone` is told as each file is whole, so the grid can look for its draft.
 */
export function BulkDropzone({ batchId, onFileDone }: { batchId: string; onFileDone: () => void }) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const done = useRef(onFileDone);
  useEffect(() => {
    done.current = onFileDone;
  });

  useEffect(() => {
    let uppy: Uppy | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: UppyCore }, { default: Dashboard }, { default: Tus }] = await Promise.all([
          import('@uppy/core'),
          import('@uppy/dashboard'),
          import('@uppy/tus'),
          import('@uppy/core/css/style.min.css'),
          import('@uppy/dashboard/css/style.min.css'),
        ]);
        if (cancelled || !target.current) return;
        const made: Uppy = new UppyCore<Meta, Record<string, never>>({
          autoProceed: true,
          meta: { batchId },
          restrictions: {
            maxNumberOfFiles: MAX_FILES_PER_BATCH,
            maxFileSize: UPLOAD_LIMITS.private.maxBytes,
            allowedFileTypes: BULK_UPLOAD_ACCEPT,
          },
        })
          .use(Dashboard, {
            inline: true,
            target: target.current,
            width: '100%',
            height: 420,
            fileManagerSelectionType: 'both',
            proudlyDisplayPoweredByUppy: false,
            showRemoveButtonAfterComplete: false,
            note: `Up to ${MAX_FILES_PER_BATCH} PNG, JPEG or TIFF masters, 300 MB each. Each becomes a draft.`,
          })
          .use(Tus, {
            endpoint: BULK_UPLOAD_TUS_PATH,
            limit: PARALLEL_UPLOADS,
            chunkSize: CHUNK_BYTES,
            retryDelays: RETRY_DELAYS,
            // The file's name and type go as `name` and `type`, and the batch it belongs to.
            allowedMetaFields: ['batchId', 'name', 'type'],
          });
        made.on('upload-success', () => done.current());
        made.on('upload-error', () => done.current());
        uppy = made;
      } catch {
        if (!cancelled) setFailed('The uploader could not be loaded. Reload the page to try again.');
      }
    })();
    return () => {
      cancelled = true;
      uppy?.destroy();
    };
  }, [batchId]);

  return (
    <div className="bulk-dropzone">
      {failed && <p role="alert">{failed}</p>}
      <div ref={target} data-testid="bulk-dropzone" />
    </div>
  );
}

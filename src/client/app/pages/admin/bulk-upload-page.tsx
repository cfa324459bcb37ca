import { useState } from 'react';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { UPLOAD_DEFAULTS } from '#shared/catalogue/artwork-write.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { bulkUploadApi, useBatch, useRefreshBatch } from '#client/features/bulk-upload/api/bulk-upload-api.ts';
import { storeBatchId, storedBatchId } from '#client/features/bulk-upload/api/batch-store.ts';
import { BulkDropzone } from '#client/features/bulk-upload/components/bulk-dropzone.tsx';
import { ReviewGrid } from '#client/features/bulk-upload/components/review-grid.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/bulk-upload/bulk-upload.css';

/**
 * The owner's bulk upload: a batch is started with its price (the upload defaults' when left empty), its masters
 * dropped and sent, and its drafts reviewed and published below. The batch stays open in this browser until the
 * owner starts another, so a reload resumes it.
 */
export default function AdminBulkUploadPage() {
  const [batchId, setBatchId] = useState<string | null>(storedBatchId);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const batch = useBatch(batchId);
  const refresh = useRefreshBatch(batchId);

  const startBatch = async () => {
    setError(null);
    try {
      const { id } = await bulkUploadApi.createBatch(price === '' ? undefined : Number(price));
      storeBatchId(id);
      setBatchId(id);
    } catch (failure) {
      setError(errorMessage(failure, 'The batch could not be started.'));
    }
  };

  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/bulk-upload'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]} />
      <div className="bulk-batch-bar">
        <label>
          Price for this batch
          <input
            type="number"
            min={0}
            step={0.01}
            value={price}
            placeholder={String(UPLOAD_DEFAULTS.price)}
            onChange={(event) => setPrice(event.target.value)}
          />
        </label>
        <button type="button" className="button" onClick={() => void startBatch()}>
          {batchId ? 'Start a new batch' : 'Start a batch'}
        </button>
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {batchId && (
        <>
          <BulkDropzone batchId={batchId} onFileDone={() => void refresh()} />
          {batch.data && <ReviewGrid key={batch.data.id} batch={batch.data} />}
          {batch.isError && (
            <FormMessage kind="error">{errorMessage(batch.error, 'The batch could not be loaded.')}</FormMessage>
          )}
        </>
      )}
    </div>
  );
}

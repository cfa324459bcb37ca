import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import {
  useConfirmImport,
  useImportProgress,
  useUploadImport,
} from '#client/features/catalogue-import/api/import-queries.ts';
import { ConfirmImport } from '#client/features/catalogue-import/components/confirm-import.tsx';
import { ImportProgressView } from '#client/features/catalogue-import/components/import-progress.tsx';
import { ImportUpload } from '#client/features/catalogue-import/components/import-upload.tsx';
import { UnderstoodListings } from '#client/features/catalogue-import/components/understood-listings.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/catalogue-import/catalogue-import.css';

/**
 * Moving a catalogue in: the owner uploads Etsy's or Shopify's CSV, sees what the store understood and every row
 * it cannot use, confirms, and watches the pictures arrive. Every listing becomes a draft.
 */
export default function AdminImportPage() {
  const upload = useUploadImport();
  const confirm = useConfirmImport();
  const preview = upload.data;
  const progress = useImportProgress(confirm.data?.id ?? null);
  const shown = progress.data ?? confirm.data;
  const error = upload.error ?? confirm.error;

  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/import'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.site]} />
      <p>
        Every listing becomes a draft: nothing is shown in the shop until you publish it. Importing the same file again
        creates nothing twice.
      </p>
      <ImportUpload
        busy={upload.isPending}
        onUpload={(file) => {
          confirm.reset();
          upload.mutate(file);
        }}
      />
      {error && <FormMessage kind="error">{error.message}</FormMessage>}
      {preview && !shown && (
        <>
          <p>
            {preview.source === 'etsy' ? 'Etsy listings' : 'Shopify products'} from <strong>{preview.fileName}</strong>
          </p>
          <ConfirmImport
            preview={preview}
            busy={confirm.isPending}
            onConfirm={(rates) => confirm.mutate({ id: preview.id, rates })}
          />
          <UnderstoodListings preview={preview} />
        </>
      )}
      {shown && <ImportProgressView progress={shown} />}
    </div>
  );
}

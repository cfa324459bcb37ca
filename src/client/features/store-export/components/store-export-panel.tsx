import { FormMessage } from '#client/components/ui/form-message.tsx';
import { PRODUCTS_CSV_URL, STORE_ARCHIVE_URL } from '../api/store-export-api';
import { useArchiveSize } from '../api/store-export-queries';
import { formatByteSize } from '../byte-size';

/** The archive's size and contents, told before the owner starts a download that may be gigabytes. */
function ArchiveSize() {
  const size = useArchiveSize();
  if (size.isPending) return <p className="muted">Working out the archive’s size...</p>;
  if (size.isError)
    return <FormMessage kind="error">Failed to work out the archive’s size. Please try again.</FormMessage>;
  const { bytes, tables, rows, files, migration } = size.data;
  return (
    <>
      <p className="store-export__size" data-testid="archive-size">
        <strong>{formatByteSize(bytes)}</strong> <span className="muted">({bytes.toLocaleString('en-US')} bytes)</span>
      </p>
      <p className="muted">
        {rows.toLocaleString('en-US')} rows in {tables} tables and {files.toLocaleString('en-US')} files, at schema{' '}
        <code>{migration}</code>.
      </p>
      <a className="button button--primary" href={STORE_ARCHIVE_URL} download>
        Download the store ({formatByteSize(bytes)})
      </a>
    </>
  );
}

/** The owner's two ways to take the store elsewhere: the catalogue for Shopify, and everything for another store. */
export function StoreExportPanel() {
  return (
    <div className="store-export">
      <section className="store-export__card" aria-labelledby="export-catalogue-heading">
        <h2 id="export-catalogue-heading">Catalogue for Shopify</h2>
        <p>
          Every artwork as a row of Shopify’s products CSV, with its price, tags and pictures; drafts and scheduled
          artworks come as drafts. Import it under Products → Import in Shopify.
        </p>
        <a className="button" href={PRODUCTS_CSV_URL} download>
          Download products CSV
        </a>
      </section>
      <section className="store-export__card" aria-labelledby="export-store-heading">
        <h2 id="export-store-heading">The whole store</h2>
        <p>
          One ZIP with every table (artworks, discounts, accounts with their password hashes, orders, invoices and
          credit notes) and every file, previews and masters. Sessions and secrets stay here. Load it into a new store
          with <code>npm run import-store -- store.zip</code>.
        </p>
        <ArchiveSize />
      </section>
    </div>
  );
}

import type { ImportPreview } from '#shared/imports/import-schema.ts';
import { formatCents } from '../format-cents';

/** The rows the store will import, and every row it cannot use with the field at fault and why. */
export function UnderstoodListings({ preview }: { preview: ImportPreview }) {
  const fresh = preview.listings.filter((l) => !l.alreadyImported);
  return (
    <>
      <section aria-labelledby="refused-heading" className="import-section">
        <h2 id="refused-heading">Rows that cannot be imported ({preview.refused.length})</h2>
        {preview.refused.length === 0 ? (
          <p>Every row can be used.</p>
        ) : (
          <div className="import-table-wrap">
            <table className="admin-table import-table" aria-label="Rows that cannot be imported">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Field</th>
                  <th scope="col">Why</th>
                  <th scope="col">Title</th>
                </tr>
              </thead>
              <tbody>
                {preview.refused.map((row) => (
                  <tr key={`${row.row}-${row.field}`}>
                    <td>{row.row}</td>
                    <td>
                      <code>{row.field}</code>
                    </td>
                    <td>{row.reason}</td>
                    <td>{row.title ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="listings-heading" className="import-section">
        <h2 id="listings-heading">
          Listings to import ({fresh.length}
          {fresh.length !== preview.listings.length && `; ${preview.listings.length - fresh.length} imported before`})
        </h2>
        <div className="import-table-wrap">
          <table className="admin-table import-table" aria-label="Listings to import">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Title</th>
                <th scope="col">Price</th>
                <th scope="col">Pictures</th>
                <th scope="col">SKU</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {preview.listings.map((listing) => (
                <tr key={listing.key}>
                  <td>{listing.row}</td>
                  <td>{listing.title}</td>
                  <td>{formatCents(listing.priceCents, listing.currency ?? preview.storeCurrency)}</td>
                  <td>{listing.imageUrls.length}</td>
                  <td>{listing.sku ?? '—'}</td>
                  <td>{listing.alreadyImported ? 'Imported before' : 'New draft'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

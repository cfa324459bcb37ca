import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';

/** Every link handed out for this order's files: when, which artwork and format, from where and which browser. */
export function OrderDownloadLog({ downloads }: { downloads: AdminOrderDetail['downloads'] }) {
  return (
    <section aria-labelledby="order-downloads-heading">
      <h3 id="order-downloads-heading">Downloads</h3>
      {downloads.length === 0 ? (
        <p className="muted">No downloads yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <ColumnHeads columns={['When', 'Artwork', 'Format', 'IP address', 'Browser']} />
            <tbody>
              {downloads.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>{formatLongDateTime(entry.at)}</td>
                  <td>{entry.title}</td>
                  <td>{entry.format.toUpperCase()}</td>
                  <td>{entry.ipAddress}</td>
                  <td className="order-detail__agent" title={entry.userAgent}>
                    {entry.userAgent}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

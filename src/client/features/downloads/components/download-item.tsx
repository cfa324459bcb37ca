import { useId } from 'react';
import type { DownloadItem } from '#shared/orders/downloads-schema.ts';
import { preparingFilesText } from '#shared/prints/print-pack.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import { CertificateLink } from '#client/components/ui/certificate-link.tsx';
import { formatLongDate } from '#client/lib/order-dates.ts';
import { limitMessage } from '../download-rules';
import { DownloadControl } from './download-control';
import { ItemPreview } from './item-preview';
import { PackFiles } from './pack-files';
import { LicenceUpgrade, type UpgradeChoice } from './licence-upgrade';

/**
 * One bought artwork: preview, title, dimensions, purchase date and, while the order allows it, its downloads:
 * the print pack's files once the pack is complete, else the master's Download (with the pack's progress while it
 * is made).
 */
export function DownloadItemRow({
  item,
  downloadable,
  onUpgrade,
}: {
  item: DownloadItem;
  downloadable: boolean;
  /** Given by the page: puts a licence upgrade in the cart and opens the checkout. */
  onUpgrade?: ((choice: UpgradeChoice) => void) | undefined;
}) {
  const titleId = useId();
  const pack = item.pack;
  const limitReached = limitMessage(item);
  return (
    <article className="download-item" aria-labelledby={titleId}>
      <ItemPreview url={item.previewUrl} />
      <div className="download-item__info">
        <h3 id={titleId} className="download-item__title">
          {item.title}
        </h3>
        <p className="muted download-item__facts">
          by {item.artist}
          {item.dimensions && <> · {item.dimensions}</>}
        </p>
        <p className="muted download-item__facts">Purchased {formatLongDate(item.purchasedAt)}</p>
        <p className="download-item__licence">
          {licenceLabel(item.licence)} ·{' '}
          <CertificateLink certificateNumber={item.certificateNumber} title={item.title} />
        </p>
        <LicenceUpgrade item={item} onUpgrade={onUpgrade} />
        {downloadable && pack?.status === 'preparing' && (
          <p className="download-item__preparing" role="status">
            {preparingFilesText(pack.done, pack.total)}
          </p>
        )}
      </div>
      {downloadable && pack?.status !== 'ready' && <DownloadControl item={item} />}
      {downloadable && pack?.status === 'ready' && limitReached && (
        <p className="download-item__error">{limitReached}</p>
      )}
      {downloadable && pack?.status === 'ready' && !limitReached && <PackFiles item={item} pack={pack} />}
    </article>
  );
}

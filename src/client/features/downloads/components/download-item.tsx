import { useId } from 'react';
import type { DownloadItem } from '#shared/downloads-schema.ts';
import { formatLongDate } from '#client/lib/order-dates.ts';
import { DownloadControl } from './download-control';
import { ItemPreview } from './item-preview';

/** One bought artwork: preview, title, dimensions, purchase date and, while the order allows it, its Download. */
export function DownloadItemRow({ item, downloadable }: { item: DownloadItem; downloadable: boolean }) {
  const titleId = useId();
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
      </div>
      {downloadable && <DownloadControl item={item} />}
    </article>
  );
}

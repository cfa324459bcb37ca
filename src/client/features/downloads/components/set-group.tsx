import { useId } from 'react';
import type { DownloadItem } from '#shared/orders/downloads-schema.ts';
import { fileSizeText } from '#client/lib/file-size-text.ts';
import { useRequestSetZip } from '../api/downloads-mutations';
import { setZipOffer } from '../library-groups';
import { DownloadItemRow } from './download-item';
import { DownloadOutcome, useOpenedLink } from './download-outcome';
import type { UpgradeChoice } from './licence-upgrade';

/** "Download the whole set (ZIP)": every piece's print pack in one download, or why it is not offered yet. */
function SetZipButton({ pieces, titleId }: { pieces: DownloadItem[]; titleId: string }) {
  const zip = useRequestSetZip();
  const { start: ask, opened } = useOpenedLink(zip);
  const offer = setZipOffer(pieces);
  if ('reason' in offer) return <p className="muted set-group__reason">{offer.reason}</p>;
  const start = () => ask(pieces[0]!.itemId);
  return (
    <div className="set-group__zip">
      <button
        type="button"
        className="button button--primary"
        onClick={start}
        disabled={zip.isPending}
        aria-busy={zip.isPending}
        aria-describedby={titleId}
      >
        {zip.isPending ? 'Preparing...' : `Download the whole set (ZIP, ${fileSizeText(offer.bytes)})`}
      </button>
      <DownloadOutcome pending={zip.isPending} error={zip.error} opened={opened} />
    </div>
  );
}

/**
 * A set bought whole: its title and the whole set's ZIP (one download of each piece), then each piece with its
 * own downloads as an artwork bought alone has them.
 */
export function SetGroup({
  title,
  pieces,
  downloadable,
  onUpgrade,
}: {
  title: string;
  pieces: DownloadItem[];
  downloadable: boolean;
  onUpgrade?: ((choice: UpgradeChoice) => void) | undefined;
}) {
  const titleId = useId();
  return (
    <section className="set-group" aria-labelledby={titleId}>
      <header className="set-group__head">
        <div>
          <p className="set-group__kicker muted">Set of {pieces.length}</p>
          <h3 id={titleId} className="set-group__title">
            {title}
          </h3>
        </div>
        {downloadable && <SetZipButton pieces={pieces} titleId={titleId} />}
      </header>
      <div className="set-group__pieces">
        {pieces.map((item) => (
          <DownloadItemRow key={item.itemId} item={item} downloadable={downloadable} onUpgrade={onUpgrade} />
        ))}
      </div>
    </section>
  );
}

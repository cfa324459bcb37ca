import { useId, useState } from 'react';
import type { DownloadItem, DownloadLink } from '#shared/orders/downloads-schema.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { fileSizeText } from '#client/lib/file-size-text.ts';
import { useRequestSetZip } from '../api/downloads-mutations';
import { setZipOffer } from '../library-groups';
import { openDownloadLink } from '../open-download-link';
import { DownloadItemRow } from './download-item';
import type { UpgradeChoice } from './licence-upgrade';

/** "Download the whole set (ZIP)": every piece's print pack in one download, or why it is not offered yet. */
function SetZipButton({ pieces, titleId }: { pieces: DownloadItem[]; titleId: string }) {
  const zip = useRequestSetZip();
  const [opened, setOpened] = useState<DownloadLink | null>(null);
  const offer = setZipOffer(pieces);
  if ('reason' in offer) return <p className="muted set-group__reason">{offer.reason}</p>;
  const start = () => {
    setOpened(null);
    zip.mutate(pieces[0]!.itemId, {
      onSuccess: (link) => {
        openDownloadLink(link);
        setOpened(link);
      },
    });
  };
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
      {!zip.isPending && zip.error && (
        <p className="download-item__error" role="alert">
          {errorMessage(zip.error, 'The download could not be started. Please try again.')}
        </p>
      )}
      {!zip.isPending && !zip.error && opened && (
        <p className="download-item__done" role="status">
          Your download has started: {opened.fileName}.
        </p>
      )}
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

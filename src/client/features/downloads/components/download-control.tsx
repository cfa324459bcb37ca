import { useState } from 'react';
import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadItem, DownloadLink } from '#shared/orders/downloads-schema.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useRequestDownload } from '../api/downloads-mutations';
import { FORMAT_LABELS, limitMessage } from '../download-rules';
import { openDownloadLink } from '../open-download-link';

/** The texts when an item has no file; the short one replaces the long one on small screens. */
function NoLink() {
  return (
    <p className="download-item__none">
      <span className="download-item__long-text">Download link not available</span>
      <span className="download-item__short-text" aria-hidden="true">
        Link unavailable
      </span>
    </p>
  );
}

function Opened({ link }: { link: DownloadLink }) {
  if (link.kind === 'drive') {
    // A browser may block a tab opened after waiting for the server: the link stays here to open by hand.
    return (
      <p className="download-item__done" role="status">
        Opened in a new tab.{' '}
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          Open Google Drive again
        </a>
      </p>
    );
  }
  return (
    <p className="download-item__done" role="status">
      Your download has started{link.fileName ? `: ${link.fileName}` : ''}.
    </p>
  );
}

/**
 * One bought item's Download: the format when there is a choice, the progress while the server checks the order
 * and makes the link (a demo artwork's print file is drawn on its first download), then the file, or the
 * server's reason for refusing it.
 */
export function DownloadControl({ item }: { item: DownloadItem }) {
  const download = useRequestDownload();
  const [format, setFormat] = useState<DownloadFormat>(item.formats[0] ?? 'png');
  const [opened, setOpened] = useState<DownloadLink | null>(null);

  // A file in no format the buyer can ask for (a Format field naming neither PNG nor JPG) would only be refused.
  if (item.delivery === 'none' || (item.delivery === 'file' && item.formats.length === 0)) return <NoLink />;
  const limitReached = limitMessage(item);
  if (limitReached) return <p className="download-item__error">{limitReached}</p>;

  const onlyFormat = item.delivery === 'file' && item.formats.length === 1 ? item.formats[0] : undefined;
  const start = () => {
    setOpened(null);
    download.mutate(
      { itemId: item.itemId, format },
      {
        onSuccess: (link) => {
          openDownloadLink(link);
          setOpened(link);
        },
      },
    );
  };

  return (
    <div className="download-item__control">
      <div className="download-item__buttons">
        {onlyFormat && <span className="download-item__format">{FORMAT_LABELS[onlyFormat]}</span>}
        {item.delivery === 'file' && item.formats.length > 1 && (
          <select
            aria-label="File format"
            value={format}
            onChange={(event) => setFormat(event.target.value as DownloadFormat)}
            disabled={download.isPending}
          >
            {item.formats.map((option) => (
              <option key={option} value={option}>
                {FORMAT_LABELS[option]}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className="button button--primary download-item__button"
          onClick={start}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? (
            <>
              <span className="download-item__spinner" aria-hidden="true" />
              Preparing...
            </>
          ) : (
            <>
              Download
              {item.delivery === 'drive' && <span className="download-item__long-text"> from Google Drive</span>}
            </>
          )}
        </button>
      </div>
      {download.isPending && (
        <p className="download-item__progress" role="status">
          Preparing your file...
        </p>
      )}
      {download.isError && (
        <p className="download-item__error" role="alert">
          {errorMessage(download.error, 'The download could not be started. Please try again.')}
        </p>
      )}
      {opened && !download.isPending && <Opened link={opened} />}
      {item.limit !== null && (
        <p className="muted download-item__count">
          {item.downloads} of {item.limit} downloads used
        </p>
      )}
    </div>
  );
}

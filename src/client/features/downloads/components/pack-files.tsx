import { Fragment, useId, useState } from 'react';
import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadItem, DownloadPack } from '#shared/orders/downloads-schema.ts';
import { fileSizeText } from '#client/lib/file-size-text.ts';
import { useRequestDownload, useRequestZip } from '../api/downloads-mutations';
import { FORMAT_LABELS } from '../download-rules';
import { DownloadOutcome, useOpenedLink } from './download-outcome';

type PackFile = DownloadPack['files'][number];

/** What a link did, or why there is none: under the button that asked for it. */
/** One ratio's file: its ratio, pixels and the frame sizes it fills at 300 DPI, and its own Download. */
function PackFileRow({ itemId, file }: { itemId: number; file: PackFile }) {
  const download = useRequestDownload();
  const [format, setFormat] = useState<DownloadFormat>(file.formats[0] ?? 'jpg');
  const { start: ask, opened } = useOpenedLink(download);
  const labelId = useId();
  const start = () => ask({ itemId, format, ratio: file.ratio });
  return (
    <li className="pack-file">
      <div className="pack-file__facts">
        <p className="pack-file__ratio" id={labelId}>
          {file.label}
          <span className="muted pack-file__pixels">
            {file.width} × {file.height} px · {fileSizeText(file.bytes)}
          </span>
        </p>
        {file.sizes.length > 0 ? (
          <p className="pack-file__sizes">
            {file.sizes.map((size, index) => (
              // The separator stays outside the unbreakable size, so lines break between sizes.
              <Fragment key={size.name}>
                {index > 0 && <span className="muted"> · </span>}
                <span className="pack-file__size">
                  {size.name} <span className="muted">({size.name === size.cm ? size.inches : size.cm})</span>
                </span>
              </Fragment>
            ))}
          </p>
        ) : (
          <p className="muted pack-file__sizes">Smaller than the standard sizes of this ratio</p>
        )}
      </div>
      <div className="pack-file__action">
        {file.formats.length > 1 ? (
          <select
            aria-label={`File format for ${file.label}`}
            value={format}
            onChange={(event) => setFormat(event.target.value as DownloadFormat)}
            disabled={download.isPending}
          >
            {file.formats.map((option) => (
              <option key={option} value={option}>
                {FORMAT_LABELS[option]}
              </option>
            ))}
          </select>
        ) : (
          <span className="download-item__format">{FORMAT_LABELS[format]}</span>
        )}
        <button
          type="button"
          className="button download-item__button"
          onClick={start}
          disabled={download.isPending}
          aria-busy={download.isPending}
          aria-describedby={labelId}
          title={file.fileName}
        >
          {download.isPending ? 'Preparing...' : 'Download'}
        </button>
      </div>
      <div className="pack-file__outcome">
        <DownloadOutcome pending={download.isPending} error={download.error} opened={opened} />
      </div>
    </li>
  );
}

/** "Download all (ZIP)": every ratio's file and a frame guide in one download. */
function ZipButton({ itemId, bytes }: { itemId: number; bytes: number }) {
  const zip = useRequestZip();
  const { start: ask, opened } = useOpenedLink(zip);
  const start = () => ask(itemId);
  return (
    <div className="pack-files__zip">
      <button
        type="button"
        className="button button--primary"
        onClick={start}
        disabled={zip.isPending}
        aria-busy={zip.isPending}
      >
        {zip.isPending ? 'Preparing...' : `Download all (ZIP, ${fileSizeText(bytes)})`}
      </button>
      <DownloadOutcome pending={zip.isPending} error={zip.error} opened={opened} />
    </div>
  );
}

/**
 * A bought artwork's print pack: one file per ratio, each the largest crop of its ratio at 300 DPI, with the
 * frames it fits; and all of them at once as a ZIP (one download of the limit).
 */
export function PackFiles({ item, pack }: { item: DownloadItem; pack: DownloadPack }) {
  const headingId = useId();
  return (
    <section className="pack-files" aria-labelledby={headingId}>
      <div className="pack-files__head">
        <h4 id={headingId} className="pack-files__title">
          Print files, one per frame shape (300 DPI)
        </h4>
        <ZipButton itemId={item.itemId} bytes={pack.zipBytes} />
      </div>
      <ul className="pack-files__list">
        {pack.files.map((file) => (
          <PackFileRow key={file.ratio} itemId={item.itemId} file={file} />
        ))}
      </ul>
      {item.limit !== null && (
        <p className="muted download-item__count">
          {item.downloads} of {item.limit} downloads used (the ZIP counts as one)
        </p>
      )}
    </section>
  );
}

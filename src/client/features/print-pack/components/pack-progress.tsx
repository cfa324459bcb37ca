import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { packProgressText } from '#shared/prints/print-pack.ts';
import { printRatio, type RatioId } from '#shared/prints/print-sizes.ts';
import { fileStatusText } from '../file-status-text';

interface PackProgressProps {
  pack: OwnerPrintPack;
  retrying: RatioId | null;
  onRetry: (ratio: RatioId) => void;
}

/** The pack being made: its progress, each ratio's file, and Retry on a file that failed. */
export function PackProgress({ pack, retrying, onRetry }: PackProgressProps) {
  const files = pack.ratios.filter((entry) => entry.file);
  return (
    <div className="pack-progress">
      <p className="pack-progress__summary">
        <span>Files:</span>{' '}
        <span className={`pack-status pack-status--${pack.progress.status}`} role="status">
          {packProgressText(pack.progress)}
        </span>
      </p>
      {files.length > 0 && (
        <ul className="pack-progress__files">
          {files.map(({ ratio, file }) => (
            <li key={ratio} className={`pack-progress__file pack-progress__file--${file?.status}`}>
              <span className="pack-progress__ratio">{printRatio(ratio).label}</span>
              <span className="pack-progress__text">{fileStatusText(file)}</span>
              {file?.status === 'failed' && (
                <button
                  type="button"
                  className="button pack-progress__retry"
                  disabled={retrying !== null}
                  aria-label={`Retry the ${printRatio(ratio).label} file`}
                  onClick={() => onRetry(ratio)}
                >
                  {retrying === ratio ? 'Retrying…' : 'Retry'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

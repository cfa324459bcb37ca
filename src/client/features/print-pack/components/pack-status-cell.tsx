import { Link } from 'react-router';
import type { PrintPackProgressList } from '#shared/prints/print-pack-schema.ts';
import { packProgressText } from '#shared/prints/print-pack.ts';

type Progress = PrintPackProgressList['items'][number];

/**
 * An artwork's pack on the dashboard: 'Making 3 of 6', 'Ready', or 'Failed' with a way to the edit page, where the
 * reason is and the file can be made again.
 */
export function PackStatusCell({ progress, artworkTitle }: { progress: Progress | undefined; artworkTitle: string }) {
  if (!progress || progress.status === 'none') return <span className="muted">—</span>;
  if (progress.status === 'failed') {
    return (
      <span className="pack-status-cell">
        <span className="pack-status pack-status--failed">Failed</span>
        <Link to={`/admin/edit/${progress.artworkId}`} aria-label={`See why the print pack of ${artworkTitle} failed`}>
          See why
        </Link>
      </span>
    );
  }
  return <span className={`pack-status pack-status--${progress.status}`}>{packProgressText(progress)}</span>;
}

import { Link } from 'react-router';
import type { BroadcastSummary } from '#shared/mailing/broadcast-schema.ts';

const STATUS_TEXT = { draft: 'Draft', sending: 'Sending', done: 'Sent' } as const;

/** The broadcasts, newest first, each with its state and how far its sending is. */
export function BroadcastList({ broadcasts }: { broadcasts: readonly BroadcastSummary[] }) {
  if (broadcasts.length === 0) return <p>No broadcasts yet.</p>;
  return (
    <ul className="broadcast-list">
      {broadcasts.map((broadcast) => (
        <li key={broadcast.id} className="broadcast-list__item">
          <Link to={`/admin/broadcasts/${broadcast.id}`}>{broadcast.subject}</Link>
          <span>
            {broadcast.origin === 'digest' ? 'New-art digest · ' : ''}
            {STATUS_TEXT[broadcast.status]}
            {broadcast.status === 'draft' ? '' : ` · ${broadcast.progress} % of ${broadcast.total}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

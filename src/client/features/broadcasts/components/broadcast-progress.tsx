import type { BroadcastDetail } from '#shared/mailing/broadcast-schema.ts';
import { RECIPIENT_STATUSES, type RecipientStatus } from '#shared/mailing/broadcasts.ts';

const LABELS: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
  suppressed: 'Suppressed',
};

/** How far the sending is: the bar, the count of each status, and the messages in doubt or refused. */
export function BroadcastProgress({ broadcast }: { broadcast: BroadcastDetail }) {
  return (
    <section className="broadcast-progress" aria-label="Sending progress">
      <h2>{broadcast.status === 'done' ? 'Sent' : 'Sending'}</h2>
      <progress
        className="broadcast-progress__bar"
        max={100}
        value={broadcast.progress}
        aria-label={`${broadcast.progress} % of ${broadcast.total} messages`}
      />
      <p className="broadcast-progress__percent">
        {broadcast.progress} % of {broadcast.total} messages, at {broadcast.ratePerMinute} a minute
      </p>
      <dl className="broadcast-progress__counts">
        {RECIPIENT_STATUSES.map((status) => (
          <div key={status}>
            <dt>{LABELS[status]}</dt>
            <dd>{broadcast.counts[status]}</dd>
          </div>
        ))}
      </dl>
      {broadcast.lastError && <p className="form-field__error">The mail server answered: {broadcast.lastError}</p>}
      {broadcast.unknown.length > 0 && (
        <>
          <h3>Unknown</h3>
          <p>
            A sending instance stopped while handing these over: they may or may not have arrived, and are not sent
            again.
          </p>
          <ul>
            {broadcast.unknown.map((row) => (
              <li key={row.email}>{row.email}</li>
            ))}
          </ul>
        </>
      )}
      {broadcast.failed.length > 0 && (
        <>
          <h3>Refused</h3>
          <p>The mail server refused these for good; no list mail goes to them again.</p>
          <ul>
            {broadcast.failed.map((row) => (
              <li key={row.email}>
                {row.email}
                {row.error ? ` — ${row.error}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

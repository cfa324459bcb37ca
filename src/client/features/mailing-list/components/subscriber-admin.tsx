import { useState } from 'react';
import { CONSENT_KINDS, type ConsentKind, type ConsentStatus } from '#shared/mailing/consent-kinds.ts';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';
import { SelectField } from '#client/components/ui/filter-fields.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { EXPORT_CSV_URL } from '../api/mailing-list-api';
import { useSubscribers, type SubscriberFilter } from '../api/mailing-list-queries';
import { ListImport } from './list-import';

const STATUSES: readonly ConsentStatus[] = ['confirmed', 'pending', 'withdrawn'];
const KIND_LABELS: Record<ConsentKind, string> = {
  news: 'News',
  'new-art': 'New artworks',
  'cart-reminders': 'Cart reminders',
  'review-requests': 'Review requests',
};

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const when = (iso: string | null) => (iso ? formatLongDateTime(iso) : '—');

/** The owner's list: counts per kind and status, the subscribers with their evidence, and the CSV ways in and out. */
export function SubscriberAdmin() {
  const [filter, setFilter] = useState<SubscriberFilter>({});
  const list = useSubscribers(filter);
  const count = (kind: ConsentKind, status: ConsentStatus) =>
    list.data?.counts.find((c) => c.kind === kind && c.status === status)?.count ?? 0;

  return (
    <div className="mailing-list">
      <section className="mailing-list__card" aria-labelledby="list-counts-heading">
        <h2 id="list-counts-heading">Subscribers by kind</h2>
        {/* Focusable: on a phone the table scrolls sideways, and a keyboard must reach that too. */}
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="list-counts-heading">
          <table className="admin-table mailing-list__counts">
            <ColumnHeads columns={['Kind', ...STATUSES.map(capitalized)]} />
            <tbody>
              {CONSENT_KINDS.map((kind) => (
                <tr key={kind}>
                  <td>{KIND_LABELS[kind]}</td>
                  {STATUSES.map((status) => (
                    <td key={status}>{count(kind, status)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <a className="button" href={EXPORT_CSV_URL} download>
          Export CSV
        </a>
      </section>

      <section className="mailing-list__card" aria-labelledby="list-subscribers-heading">
        <h2 id="list-subscribers-heading">Subscribers</h2>
        <div className="dashboard__filters mailing-list__filters">
          <SelectField
            label="Kind"
            value={filter.kind ?? ''}
            options={[
              { value: '', label: 'All kinds' },
              ...CONSENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
            ]}
            onChange={(kind) => setFilter((f) => ({ ...f, kind: (kind || undefined) as ConsentKind | undefined }))}
          />
          <SelectField
            label="Status"
            value={filter.status ?? ''}
            options={[
              { value: '', label: 'All statuses' },
              ...STATUSES.map((s) => ({ value: s, label: capitalized(s) })),
            ]}
            onChange={(status) =>
              setFilter((f) => ({ ...f, status: (status || undefined) as ConsentStatus | undefined }))
            }
          />
        </div>
        {list.isPending && <p className="muted">Loading...</p>}
        {list.isError && <FormMessage kind="error">Failed to load the list. Please try again.</FormMessage>}
        {list.data && list.data.subscribers.length === 0 && (
          <p className="muted">No subscribers {filter.kind || filter.status ? 'match these filters' : 'yet'}.</p>
        )}
        {list.data && list.data.subscribers.length > 0 && (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="list-subscribers-heading">
            <table className="admin-table mailing-list__table">
              <ColumnHeads columns={['Email', 'Kind', 'Status', 'Source', 'Consented', 'Confirmed', 'Withdrawn']} />
              <tbody>
                {list.data.subscribers.map((row) => (
                  <tr key={row.id}>
                    <td className="mailing-list__email">
                      {row.email}
                      {row.suppressed && <div className="muted">Suppressed: mail refused</div>}
                    </td>
                    <td>{KIND_LABELS[row.kind]}</td>
                    <td>
                      <span className={`mailing-list__status mailing-list__status--${row.status}`}>{row.status}</span>
                    </td>
                    <td>{row.source}</td>
                    <td>{when(row.consentedAt)}</td>
                    <td>{when(row.confirmedAt)}</td>
                    <td>{when(row.withdrawnAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data?.truncated && <p className="muted">The newest 500 are shown; the CSV export has them all.</p>}
      </section>

      <ListImport />
    </div>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import { CATEGORIES, findCategory } from '#shared/catalogue/categories.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useBulkChangeArtworks, useDeleteArtwork } from '../api/artwork-admin-mutations';
import { useAdminArtworks } from '../api/artwork-admin-queries';
import { filterDashboard, type ReleaseFilter, type StatusFilter } from '../dashboard-filters';
import { BulkBar } from './bulk-bar';
import { ReleaseBadge, StatusBadges } from './artwork-badges';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';
import { SearchField, SelectField } from '#client/components/ui/filter-fields.tsx';

const RELEASE_OPTIONS: Array<{ value: ReleaseFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Drafts' },
];

const CATEGORY_OPTIONS = [{ value: 'all', label: 'All' }, ...CATEGORIES.map((c) => ({ value: c.id, label: c.name }))];

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'featured', label: 'Featured' },
  { value: 'new', label: 'New Arrival' },
  { value: 'regular', label: 'Regular' },
];

type Pending = { kind: 'one'; artwork: AdminArtwork } | { kind: 'selected' } | null;

/** A column another feature fills in, given to the dashboard by its page (a feature never imports another). */
export interface DashboardColumn {
  label: string;
  cell: (artwork: AdminArtwork) => ReactNode;
}

/** `selectionActions`: what the page offers for the selected artworks besides the bulk changes (Make a Set). */
export function Dashboard({
  extraColumn,
  selectionActions,
}: { extraColumn?: DashboardColumn; selectionActions?: (ids: number[]) => ReactNode } = {}) {
  const { formatPrice } = useMoney();
  const artworks = useAdminArtworks();
  const remove = useDeleteArtwork();
  const bulk = useBulkChangeArtworks();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [release, setRelease] = useState<ReleaseFilter>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const busy = remove.isPending || bulk.isPending;

  const all = useMemo(() => artworks.data ?? [], [artworks.data]);
  const visible = useMemo(
    () => filterDashboard(all, search, category, status, release),
    [all, search, category, status, release],
  );
  const allVisibleSelected = visible.length > 0 && visible.every((a) => selected.has(a.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The mutations refresh the list themselves; this only turns their outcome into the dashboard's message.
  async function run(action: () => Promise<unknown>, success: string, failure: string | ((error: unknown) => string)) {
    setMessage(null);
    try {
      await action();
      setMessage({ kind: 'success', text: success });
    } catch (error) {
      setMessage({ kind: 'error', text: typeof failure === 'string' ? failure : failure(error) });
    }
  }

  async function confirmDelete() {
    const target = pending;
    setPending(null);
    if (target?.kind === 'one') {
      await run(
        () => remove.mutateAsync(target.artwork.id),
        `Deleted "${target.artwork.title}".`,
        (error) => {
          const reason = errorMessage(error, '');
          return reason ? `Failed to delete artwork: ${reason}` : 'Failed to delete artwork. Please try again.';
        },
      );
      setSelected((current) => new Set([...current].filter((id) => id !== target.artwork.id)));
    } else if (target?.kind === 'selected') {
      const ids = [...selected];
      await run(
        () => bulk.mutateAsync({ ids, delete: true }),
        `Deleted ${ids.length} artworks.`,
        'Failed to delete some artworks. Please try again.',
      );
      setSelected(new Set());
    }
  }

  if (artworks.isPending) return <p className="muted">Loading...</p>;
  if (artworks.isError) return <FormMessage kind="error">Failed to load artworks. Please try again.</FormMessage>;

  return (
    <div className="dashboard">
      <div className="dashboard__filters">
        <SearchField
          label="Search"
          placeholder="Search by title, artist or tag..."
          value={search}
          onChange={setSearch}
        />
        <SelectField label="Category" value={category} options={CATEGORY_OPTIONS} onChange={setCategory} />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => setStatus(value as StatusFilter)}
        />
        <SelectField
          label="Release"
          value={release}
          options={RELEASE_OPTIONS}
          onChange={(value) => setRelease(value as ReleaseFilter)}
        />
      </div>
      <p className="muted" aria-live="polite">
        {visible.length} of {all.length} artworks
      </p>

      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          busy={busy}
          onChangeCategory={(value) =>
            void run(
              () => bulk.mutateAsync({ ids: [...selected], changes: { category: value } }),
              `Moved ${selected.size} artworks to ${findCategory(value)?.name}.`,
              'Failed to update some artwork categories. Please try again.',
            )
          }
          onChangeStatus={(changes) =>
            void run(
              () => bulk.mutateAsync({ ids: [...selected], changes }),
              `Updated the status of ${selected.size} artworks.`,
              'Failed to update some artwork status. Please try again.',
            )
          }
          onInvalidStatus={() =>
            setMessage({ kind: 'error', text: 'Please select artworks and choose at least one status to change.' })
          }
          onDelete={() => setPending({ kind: 'selected' })}
          onClear={() => setSelected(new Set())}
        />
      )}
      {selected.size > 0 && selectionActions?.([...selected])}

      {visible.length === 0 ? (
        <div className="empty-state">
          <h2>No artworks found</h2>
          <p>{all.length === 0 ? 'The shop has no artworks yet.' : 'No artwork matches these filters.'}</p>
          <Link className="button button--primary" to="/admin">
            Add Your First Artwork
          </Link>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="admin-table admin-table--cards">
            <ColumnHeads
              columns={[
                <input
                  type="checkbox"
                  aria-label="Select all shown artworks"
                  checked={allVisibleSelected}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const a of visible) {
                        if (allVisibleSelected) next.delete(a.id);
                        else next.add(a.id);
                      }
                      return next;
                    })
                  }
                />,
                'Image',
                'Title',
                'Artist',
                'Category',
                'Release',
                'Status',
                'Price',
                extraColumn?.label ?? false,
                'Actions',
              ]}
            />
            <tbody>
              {visible.map((artwork) => (
                <tr key={artwork.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${artwork.title}`}
                      checked={selected.has(artwork.id)}
                      onChange={() => toggle(artwork.id)}
                    />
                  </td>
                  <td>
                    <img src={artwork.previewUrl ?? artwork.imageUrl} alt="" width={48} height={60} loading="lazy" />
                  </td>
                  <td>{artwork.title}</td>
                  <td>{artwork.artist}</td>
                  <td data-label="Category">
                    <span className="badge">{findCategory(artwork.category)?.name}</span>
                  </td>
                  <td data-label="Release">
                    <ReleaseBadge release={artwork.release} />
                  </td>
                  <td data-label="Status">
                    <StatusBadges artwork={artwork} />
                  </td>
                  <td data-label="Price">
                    {artwork.payWhatYouWant ? (
                      <>
                        Pay what you want <span className="muted">(min. {formatPrice(artwork.price)})</span>
                      </>
                    ) : (
                      formatPrice(artwork.price)
                    )}
                    {!artwork.payWhatYouWant &&
                      artwork.originalPrice !== null &&
                      artwork.originalPrice > artwork.price && (
                        <>
                          {' '}
                          <s className="muted">{formatPrice(artwork.originalPrice)}</s>
                        </>
                      )}
                  </td>
                  {extraColumn && <td data-label={extraColumn.label}>{extraColumn.cell(artwork)}</td>}
                  <td>
                    <div className="admin-table__actions">
                      <Link to={`/admin/edit/${artwork.id}`} aria-label={`Edit ${artwork.title}`}>
                        Edit
                      </Link>
                      {artwork.release.status === 'published' ? (
                        <Link to={`/artwork/${artwork.id}`} aria-label={`View ${artwork.title}`}>
                          View
                        </Link>
                      ) : (
                        <Link to={`/admin/preview/${artwork.id}`} aria-label={`Preview ${artwork.title}`}>
                          Preview
                        </Link>
                      )}
                      <button
                        type="button"
                        className="button button--link"
                        aria-label={`Delete ${artwork.title}`}
                        onClick={() => setPending({ kind: 'one', artwork })}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'selected' ? `Delete ${selected.size} artworks?` : 'Delete this artwork?'}
        message={
          pending?.kind === 'one'
            ? `"${pending.artwork.title}" will be removed from the shop. This cannot be undone.`
            : 'The selected artworks will be removed from the shop. This cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

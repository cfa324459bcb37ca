import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useAdminArtworks } from '#client/features/artwork-admin/api/artwork-admin-queries.ts';
import { useOwnerSets } from '#client/features/sets/api/owner-sets-queries.ts';
import { OwnerSetList } from '#client/features/sets/components/owner-set-list.tsx';
import { SetForm, type SetCandidate } from '#client/features/sets/components/set-form.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/**
 * The owner's sets: the list, and the form above it to make one (`?new=<ids>`, the dashboard's selection) or edit
 * one (`?edit=<id>`), kept in the address so Back closes the form.
 */
export default function AdminSetsPage() {
  const [params, setParams] = useSearchParams();
  const sets = useOwnerSets();
  const artworks = useAdminArtworks();
  const [saved, setSaved] = useState<string | null>(null);
  const editing = sets.data?.find((set) => set.id === Number(params.get('edit')));
  const creating = params.has('new');
  const startIds = (params.get('new') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  // What a set may hold: published artworks at a fixed Personal price (not free, not pay what you want).
  const candidates: SetCandidate[] = (artworks.data ?? [])
    .filter(
      (artwork) =>
        artwork.release.status === 'published' &&
        !artwork.payWhatYouWant &&
        artwork.licences.personal !== null &&
        artwork.licences.personal > 0,
    )
    .map((artwork) => ({ id: artwork.id, title: artwork.title, price: artwork.licences.personal! }));

  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/sets'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]}>
        {!creating && !editing && (
          <button type="button" className="button button--primary" onClick={() => setParams({ new: '' })}>
            New Set
          </button>
        )}
      </OwnerHeader>
      {saved && <FormMessage kind="success">{saved}</FormMessage>}
      {(creating || editing) && artworks.data && (
        <SetForm
          key={editing?.id ?? `new:${params.get('new')}`}
          set={editing}
          startIds={startIds}
          candidates={candidates}
          onSaved={(set) => {
            setParams({});
            setSaved(`The set “${set.title}” is saved.`);
          }}
          onCancel={() => setParams({})}
        />
      )}
      {sets.data && <OwnerSetList sets={sets.data} onEdit={(id) => setParams({ edit: String(id) })} />}
    </div>
  );
}

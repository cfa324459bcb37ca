import { useNavigate, useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useAdminArtworks } from '#client/features/artwork-admin/api/artwork-admin-queries.ts';
import { useBroadcasts } from '#client/features/broadcasts/api/broadcasts-queries.ts';
import { BroadcastForm, type CardCandidate } from '#client/features/broadcasts/components/broadcast-form.tsx';
import { BroadcastList } from '#client/features/broadcasts/components/broadcast-list.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/** What a card may show: a published artwork (the mail links to its page, which visitors must be able to open). */
export function cardCandidatesOf(artworks: ReadonlyArray<{ id: number; title: string; release: { status: string } }>) {
  return artworks
    .filter((artwork) => artwork.release.status === 'published')
    .map((artwork): CardCandidate => ({ id: artwork.id, title: artwork.title }));
}

/** The owner's broadcasts: the list, and the form to write a new one (`?new`), kept in the address. */
export default function AdminBroadcastsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const broadcasts = useBroadcasts();
  const creating = params.has('new');
  const artworks = useAdminArtworks();

  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/broadcasts'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]}>
        {!creating && (
          <button type="button" className="button button--primary" onClick={() => setParams({ new: '' })}>
            New Broadcast
          </button>
        )}
      </OwnerHeader>
      {creating && artworks.data && (
        <BroadcastForm
          candidates={cardCandidatesOf(artworks.data)}
          onSaved={(saved) => void navigate(`/admin/broadcasts/${saved.id}`)}
        />
      )}
      {broadcasts.data && <BroadcastList broadcasts={broadcasts.data} />}
    </div>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { IMAGE_SIZES, srcsetOf } from '#shared/catalogue/artwork-images.ts';
import { firstOfferedTier, LICENCE_TIERS, licenceShortLabel, type LicenceTier } from '#shared/licences/licences.ts';
import { GalleryWallButton } from '../../features/gallery-wall/gallery-wall-button';
import { LicenceChoice } from '../../features/licences/components/licence-choice';
import { useAuth } from '../../features/auth/auth-provider';
import { useSet, useSetCompletion } from '../../features/sets/api/sets-queries';
import { SetCompletionNote } from '../../features/sets/components/set-completion-note';
import { SetCover } from '../../features/sets/components/set-cover';
import { useMoney } from '#client/lib/store-settings.ts';
import { usePageTitle } from '../../lib/use-page-title';
import { SetPurchase } from '../components/set-purchase';
import { Breadcrumb } from '#client/components/ui/breadcrumb.tsx';

function SetNotAvailable() {
  usePageTitle('Set not available');
  return (
    <section className="page page--narrow empty-state">
      <h1>Set not available</h1>
      <p>This set doesn't exist or is not on sale right now.</p>
      <Link className="button button--primary" to="/shop?filter=sets">
        See all sets
      </Link>
    </section>
  );
}

/** A set's own page: its cover, its pieces (each linking to its page), its price under each licence, and buying. */
export default function SetPage() {
  const { id = '' } = useParams();
  const { data: set, isPending, isError } = useSet(id);
  const { formatPrice } = useMoney();
  const [chosenLicence, setLicence] = useState<LicenceTier | null>(null);
  const { state: auth } = useAuth();
  const { data: completion } = useSetCompletion(id, auth.status === 'signed-in' ? auth.user.id : null);
  usePageTitle(set?.title);

  if (isPending) return <p className="page muted">Loading...</p>;
  if (isError || !set) return <SetNotAvailable />;

  const prices = { personal: set.personal?.price ?? null, commercial: set.commercial?.price ?? null };
  const offered = LICENCE_TIERS.filter((tier) => prices[tier] !== null);
  const licence = chosenLicence && offered.includes(chosenLicence) ? chosenLicence : firstOfferedTier(prices);
  const price = set[licence];

  return (
    <div className="page set-page">
      <Breadcrumb
        trail={[
          { to: '/shop', label: 'Shop' },
          { to: '/shop?filter=sets', label: 'Sets' },
        ]}
        current={set.title}
      />
      <div className="set-page__layout">
        <SetCover
          set={set}
          className="set-page__cover"
          sizes={IMAGE_SIZES.artworkMain}
          main
          alt={
            set.cover?.mockup
              ? `${set.title}: its ${set.pieces.length} artworks framed on a living-room wall`
              : `${set.title}: the set's cover, ${set.pieces.find((p) => p.id === set.cover?.artworkId)?.title ?? ''}`
          }
        />
        <div className="set-page__info">
          <p className="button-row">
            <span className="badge">Set of {set.pieces.length}</span>
          </p>
          <h1>{set.title}</h1>
          {price && (
            <p className="set-page__price">
              <strong className="price-tag price-tag--large">{formatPrice(price.price)}</strong>{' '}
              {price.price < price.sum && (
                <span className="muted">
                  instead of <s>{formatPrice(price.sum)}</s> for the {set.pieces.length} artworks bought one by one
                </span>
              )}
            </p>
          )}
          <LicenceChoice prices={prices} value={licence} onChange={setLicence} />
          {set.description && <p>{set.description}</p>}
          <SetCompletionNote completion={completion} licence={licence} />
          {completion?.[licence]?.price !== null && <SetPurchase set={set} licence={licence} />}
          <GalleryWallButton artworkIds={set.pieces.map((piece) => piece.id)} />
          <p className="muted">
            {licenceShortLabel(licence)} license for each of the {set.pieces.length} artworks, each with its own print
            pack and certificate.
          </p>
        </div>
      </div>
      <section className="section" aria-labelledby="set-pieces-heading">
        <h2 id="set-pieces-heading">In this set</h2>
        <ul className="set-pieces">
          {set.pieces.map((piece) => {
            const last = piece.images[piece.images.length - 1];
            return (
              <li key={piece.id}>
                <Link to={`/artwork/${piece.id}`}>
                  <img
                    src={piece.previewUrl ?? piece.imageUrl}
                    srcSet={piece.images.length ? srcsetOf(piece.images) : undefined}
                    sizes={IMAGE_SIZES.heroTile}
                    width={last?.width ?? 800}
                    height={last?.height ?? 1000}
                    loading="lazy"
                    alt=""
                  />
                  <span>{piece.title}</span>
                </Link>
                <span className="muted"> by {piece.artist}</span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { findCategory } from '#shared/catalogue/categories.ts';
import { cartActions } from '../../features/cart/cart-store';
import { ChosenAmountField } from '../../features/cart/components/chosen-amount-field';
import { useChosenAmount } from '../../features/cart/chosen-amount-state';
import { useArtwork } from '../../features/catalogue/api/catalogue-queries';
import { useAuth } from '../../features/auth/auth-provider';
import { ArtworkReviews } from '../../features/reviews/components/artwork-reviews';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { InTheseSets } from '../components/sets-row';
import { StoreArtworkGrid } from '../components/store-artwork-grid';
import { MediaViewer } from '../../features/catalogue/components/media-viewer';
import { PaletteSwatches } from '../../features/catalogue/components/palette-swatches';
import { PriceTag } from '../../features/catalogue/components/price-tag';
import { PrintSizesList } from '../../features/catalogue/components/print-sizes-list';
import { favoritesActions, useIsFavorite } from '../../features/favorites/favorites-store';
import { ShareDialog } from '../../features/share/share-dialog';
import { WallPreviewButton } from '../../features/wall-preview/wall-preview-button';
import { useMoney } from '#client/lib/store-settings.ts';
import {
  firstOfferedTier,
  LICENCE_TIERS,
  licenceLabel,
  licenceShortLabel,
  type LicenceTier,
} from '#shared/licences/licences.ts';
import { LicenceChoice } from '../../features/licences/components/licence-choice';
import { useFunnelView } from '../../lib/funnel-beacon';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { Breadcrumb } from '#client/components/ui/breadcrumb.tsx';

const DESCRIPTION_PREVIEW = 150;

const included = (licenceName: string) => [
  'High-resolution files (300 DPI)',
  'Multiple format options (PNG, JPG)',
  `${licenceName} and its certificate included`,
  'Instant download',
  'Lifetime access',
];

function ArtworkNotFound() {
  usePageTitle('Artwork not found');
  return (
    <section className="page page--narrow empty-state">
      <h1>Artwork not found</h1>
      <p>The artwork you're looking for doesn't exist.</p>
      <Link className="button button--primary" to="/shop">
        Back to Shop
      </Link>
    </section>
  );
}

/** `preview`: the signed-in owner's look at a draft or scheduled artwork (pages/admin/preview-page.tsx). */
export default function ArtworkPage({ preview = false }: { preview?: boolean } = {}) {
  const { formatPrice } = useMoney();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state: auth } = useAuth();
  // A guest's review link carries their order's link token (the review request e-mail's).
  const [search] = useSearchParams();
  const orderToken = search.get('order');
  const { data: artwork, isPending, isError } = useArtwork(id, { preview });
  const [expanded, setExpanded] = useState(false);
  const [added, setAdded] = useState(false);
  const [sharing, setSharing] = useState(false);
  const isFavorite = useIsFavorite(artwork?.id ?? -1);
  // Null until the buyer picks: the first offered licence (Personal when offered) is shown meanwhile.
  const [chosenLicence, setLicence] = useState<LicenceTier | null>(null);
  // Pay what you want: the amount typed, starting at the suggested price; its refusal shows once asked to buy.
  const pwyw = artwork?.payWhatYouWant ?? null;
  const chosen = useChosenAmount(artwork?.id ?? -1, pwyw?.minimum ?? 0, pwyw?.suggested ?? 0);
  const [triedToBuy, setTriedToBuy] = useState(false);
  // The owner's preview keeps the site list's name, so its tab is never taken for the artwork's live page.
  usePageTitle(preview ? SITE_PAGES['/admin/preview/:id'].title : artwork?.title);
  useFunnelView(artwork?.id);

  if (isPending) return <p className="page muted">Loading...</p>;
  if (isError || !artwork) return <ArtworkNotFound />;

  const category = findCategory(artwork.category);
  const longDescription = artwork.description.length > DESCRIPTION_PREVIEW;
  const description =
    expanded || !longDescription
      ? artwork.description
      : `${artwork.description.slice(0, DESCRIPTION_PREVIEW).replace(/[\s.,;:]+$/, '')}...`;

  const offered = LICENCE_TIERS.filter((tier) => artwork.licences[tier] !== null);
  const licence = chosenLicence && offered.includes(chosenLicence) ? chosenLicence : firstOfferedTier(artwork.licences);
  // The compare-at price belongs to the personal price only.
  const licencePrice = artwork.licences[licence] ?? artwork.price;
  /** Adds the artwork under the licence shown, or at the amount chosen; false when that amount cannot be paid. */
  const add = (): boolean => {
    if (pwyw) {
      setTriedToBuy(true);
      if (chosen.amount === null) return false;
      cartActions.add(artwork, 'personal', chosen.amount);
      return true;
    }
    cartActions.add(artwork, licence);
    return true;
  };
  const addToCart = () => setAdded(add());

  return (
    <div className="page artwork-page">
      <Breadcrumb
        trail={[
          { to: '/shop', label: 'Shop' },
          { to: `/shop?category=${artwork.category.toLowerCase()}`, label: category?.name ?? artwork.category },
        ]}
        current={artwork.title}
      />

      <div className="artwork-page__layout">
        <MediaViewer artwork={artwork} pinMedia={artwork.pinImageUrl} />

        <div className="artwork-page__info">
          <p className="button-row">
            {category && <span className="badge">{category.name}</span>}
            {artwork.isNewArrival && <span className="badge badge--new">New Arrival</span>}
          </p>
          <h1>{artwork.title}</h1>
          <p className="artwork-page__artist">by {artwork.artist}</p>
          {artwork.rating && (
            <p className="artwork-page__rating">
              <a href="#review">
                <StarRating average={artwork.rating.average} count={artwork.rating.count} />
              </a>
            </p>
          )}
          {/* A sale lowers the personal licence's price only (decision 0040); the commercial one shows as it is. */}
          <PriceTag
            artwork={
              licence === 'personal'
                ? artwork
                : { price: licencePrice, originalPrice: null, salePrice: null, wasPrice: null }
            }
            large
          />
          {pwyw ? (
            <ChosenAmountField
              label="Your price"
              minimum={pwyw.minimum}
              text={chosen.text}
              onText={(text) => {
                chosen.setText(text);
                setAdded(false);
              }}
              problem={chosen.problem}
              showProblem={chosen.touched || triedToBuy}
            />
          ) : (
            <LicenceChoice
              prices={{ ...artwork.licences, personal: artwork.salePrice ?? artwork.licences.personal }}
              value={licence}
              onChange={(next) => {
                setLicence(next);
                setAdded(false);
              }}
            />
          )}

          <p className="artwork-page__description">{description}</p>
          {longDescription && (
            <button type="button" className="button button--link" onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Read less' : 'Read more'}
            </button>
          )}

          <p className="button-row artwork-page__actions">
            <button type="button" className="button button--primary" onClick={addToCart}>
              {added ? 'Added to Cart ✓' : 'Add to Cart'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                if (add()) void navigate('/checkout');
              }}
            >
              Buy Now
            </button>
            <button
              type="button"
              className={`button button--icon${isFavorite ? ' button--active' : ''}`}
              aria-pressed={isFavorite}
              aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
              onClick={() => favoritesActions.toggle(artwork)}
            >
              {isFavorite ? '♥' : '♡'}
            </button>
            <button type="button" className="button" onClick={() => setSharing(true)}>
              Share
            </button>
            <WallPreviewButton artwork={artwork} />
          </p>
          <ShareDialog
            open={sharing}
            onClose={() => setSharing(false)}
            subject={{
              title: artwork.title,
              artist: artwork.artist,
              description: artwork.description,
              price: pwyw ? 'Pay what you want' : formatPrice(artwork.price),
              path: `/artwork/${artwork.id}`,
              media: artwork.pinImageUrl,
            }}
          />

          <h2>Specifications</h2>
          <dl className="spec-list">
            {artwork.dimensions && (
              <>
                <dt>Dimensions</dt>
                <dd>{artwork.dimensions}</dd>
              </>
            )}
            {artwork.printSizes.length > 0 && (
              <>
                <dt>Print sizes</dt>
                <dd>
                  <PrintSizesList printSizes={artwork.printSizes} />
                </dd>
              </>
            )}
            <dt>Format</dt>
            <dd>{artwork.format}</dd>
            <dt>Category</dt>
            <dd>{category?.name ?? artwork.category}</dd>
            <dt>License</dt>
            <dd>{offered.map(licenceShortLabel).join(' or ')}</dd>
            <PaletteSwatches palette={artwork.palette} />
          </dl>

          {artwork.tags.length > 0 && (
            <ul className="tag-list" aria-label="Tags">
              {artwork.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}

          <h2>What's Included</h2>
          <ul className="check-list">
            {included(licenceLabel(licence)).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>

      {!preview && (
        <ArtworkReviews artworkId={artwork.id} signedIn={auth.status === 'signed-in'} orderToken={orderToken} />
      )}

      {!preview && <InTheseSets artworkId={artwork.id} />}

      {artwork.relatedArtworks.length > 0 && (
        <section className="section" aria-labelledby="related-heading">
          <h2 id="related-heading">Related Artworks</h2>
          <StoreArtworkGrid artworks={artwork.relatedArtworks} eagerCount={0} />
        </section>
      )}
    </div>
  );
}

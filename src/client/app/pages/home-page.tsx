import { Link } from 'react-router';
import { useArtworks, useCategories } from '../../features/catalogue/api/catalogue-queries';
import { HomeSetsRow } from '../components/sets-row';
import { StoreArtworkGrid } from '../components/store-artwork-grid';
import { HeroCollage } from '../../features/catalogue/components/hero-collage';
import { heroPictures } from '../../features/catalogue/hero-rotation';
import { HOME_REQUESTS } from '../../features/catalogue/home-requests';
import { CategoryTiles } from '../../features/catalogue/components/category-tiles';
import { useStoreSettings } from '../../lib/store-settings';
import { usePageTitle } from '../../lib/use-page-title';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';

const CATEGORY_TILES = 6;

const REASONS = [
  {
    icon: '🖼️',
    title: 'Premium Quality',
    text: 'Every file is high resolution (300 DPI), sharp at every common print size.',
  },
  {
    icon: '⚡',
    title: 'Instant Download',
    text: 'Pay once and download right away; your files stay in your account for life.',
  },
  {
    icon: '✨',
    title: 'Unique Collection',
    text: 'Original work by independent artists, in ten collections from Nature to Classic.',
  },
];

function ReloadButton() {
  return (
    <button type="button" className="button" onClick={() => window.location.reload()}>
      Try Again
    </button>
  );
}

interface ArtworkSectionProps {
  id: string;
  title: string;
  link: { to: string; label: string };
  query: ReturnType<typeof useArtworks>;
  empty: string;
}

function ArtworkSection({ id, title, link, query, empty }: ArtworkSectionProps) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id}>{title}</h2>
        <Link to={link.to}>{link.label}</Link>
      </div>
      {query.isPending && <p className="muted">Loading...</p>}
      {query.data?.items.length === 0 && <p className="muted">{empty}</p>}
      {query.data && <StoreArtworkGrid artworks={query.data.items} eagerCount={0} />}
    </section>
  );
}

export default function HomePage() {
  usePageTitle(undefined);
  const { licenseText } = useStoreSettings();
  const featured = useArtworks(HOME_REQUESTS.featured);
  const newArrivals = useArtworks(HOME_REQUESTS.newArrivals);
  const categories = useCategories();
  const collagePool = useArtworks(HOME_REQUESTS.heroPool);
  const failed = featured.isError || newArrivals.isError;

  return (
    <div className="home">
      <section className="hero">
        <div className="hero__text">
          <p className="eyebrow">Digital wall art</p>
          <h1>Art that turns a wall into a view</h1>
          <p className="lead">
            Download high-resolution prints from independent artists. Print at home or at your local print shop, in any
            size you like.
          </p>
          <p className="button-row">
            <ButtonLinks
              links={[
                { to: '/shop', label: 'Shop Now', primary: true },
                { to: '/categories', label: 'Browse Categories' },
              ]}
            />
          </p>
        </div>
        <HeroCollage pool={collagePool.isPending ? [] : heroPictures(collagePool.data?.items ?? null)} />
      </section>

      {failed && (
        <div className="notice notice--error" role="alert">
          <p>Could not load artworks</p>
          <ReloadButton />
        </div>
      )}

      <ArtworkSection
        id="featured-heading"
        title="Featured Artworks"
        link={{ to: '/shop?filter=featured', label: 'View All' }}
        query={featured}
        empty="No featured artworks available at the moment."
      />
      <ArtworkSection
        id="new-heading"
        title="New Arrivals"
        link={{ to: '/shop?filter=new', label: 'See all new arrivals' }}
        query={newArrivals}
        empty="No new arrivals available at the moment."
      />
      <HomeSetsRow />

      <section className="section" aria-labelledby="categories-heading">
        <div className="section__head">
          <h2 id="categories-heading">Browse by Category</h2>
          <Link to="/categories">All Categories</Link>
        </div>
        {categories.data && (
          <CategoryTiles categories={categories.data.filter((c) => c.artworkCount > 0).slice(0, CATEGORY_TILES)} />
        )}
      </section>

      <section className="section why" aria-labelledby="why-heading">
        <h2 id="why-heading">Why choose us</h2>
        <ul className="why__grid">
          {REASONS.map((reason) => (
            <li key={reason.title} className="why__item">
              <span className="why__icon" aria-hidden="true">
                {reason.icon}
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
        <p className="why__licence">
          {licenseText.label} with every purchase: {licenseText.summary}{' '}
          <Link to="/license-terms">Read the license terms</Link>
        </p>
      </section>
    </div>
  );
}

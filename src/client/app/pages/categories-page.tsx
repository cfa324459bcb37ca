import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CategorySummary } from '#shared/catalogue/category-summary-schema.ts';
import { useCategories } from '../../features/catalogue/api/catalogue-queries';
import { collectionOverview, searchCategories } from '../../features/catalogue/category-search';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { SearchField } from '#client/components/ui/filter-fields.tsx';

type Layout = 'grid' | 'list';
const TAGS_SHOWN: Record<Layout, number> = { grid: 4, list: 6 };

function CategoryCard({ category, layout }: { category: CategorySummary; layout: Layout }) {
  const navigate = useNavigate();
  const shown = category.featuredTags.slice(0, TAGS_SHOWN[layout]);
  const rest = category.featuredTags.length - shown.length;
  const href = `/shop?category=${category.id}`;
  return (
    <article className={`category-card category-card--${layout}`} onClick={() => void navigate(href)}>
      <div className={`category-card__banner category-gradient--${category.id}`}>
        <span className="category-card__icon" aria-hidden="true">
          {category.icon}
        </span>
        <span className="category-card__count">
          {category.artworkCount} {category.artworkCount === 1 ? 'artwork' : 'artworks'}
        </span>
      </div>
      <div className="category-card__body">
        <h2>{category.name}</h2>
        <p>{category.description}</p>
        <ul className="tag-list" aria-label="Featured tags">
          {shown.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
          {layout === 'grid' && rest > 0 && <li className="tag tag--more">+{rest}</li>}
        </ul>
        <Link className="button" to={href} onClick={(event) => event.stopPropagation()}>
          Browse {category.name}
        </Link>
      </div>
    </article>
  );
}

export default function CategoriesPage() {
  usePageTitle(SITE_PAGES['/categories'].title);
  const categories = useCategories();
  const [query, setQuery] = useState('');
  const [layout, setLayout] = useState<Layout>('grid');

  if (categories.isPending) return <p className="page muted">Loading...</p>;
  if (categories.isError) {
    return (
      <section className="page page--narrow notice notice--error" role="alert">
        <h1>Art Categories</h1>
        <p>Could not load categories. Please try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </section>
    );
  }

  const all = categories.data;
  const found = searchCategories(all, query);
  const overview = collectionOverview(all);
  const anyActive = overview.activeCategories > 0;

  return (
    <div className="page categories-page">
      <header className="shop__header">
        <h1>Art Categories</h1>
        <p className="lead">Ten collections, each with its own mood. Pick one to see every artwork in it.</p>
      </header>

      <div className="categories-page__controls">
        <SearchField
          label="Search categories"
          hideLabel
          placeholder="Search categories..."
          value={query}
          onChange={setQuery}
        />
        <div className="segmented" role="group" aria-label="Layout">
          {(['grid', 'list'] as const).map((option) => (
            <button key={option} type="button" aria-pressed={layout === option} onClick={() => setLayout(option)}>
              {option === 'grid' ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
      </div>

      {!anyActive && (
        <div className="empty-state">
          <h2>No categories available</h2>
          <p>There are no artworks in the shop yet.</p>
          <Link className="button button--primary" to="/shop">
            Go to the shop
          </Link>
        </div>
      )}
      {anyActive && found.length === 0 && (
        <div className="empty-state">
          <h2>No categories found</h2>
          <p>No category matches "{query}".</p>
          <button type="button" className="button" onClick={() => setQuery('')}>
            Clear Search
          </button>
        </div>
      )}
      {found.length > 0 && (
        <ul className={`category-list category-list--${layout}`}>
          {found.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} layout={layout} />
            </li>
          ))}
        </ul>
      )}

      {anyActive && (
        <section className="section overview" aria-labelledby="overview-heading">
          <h2 id="overview-heading">Collection Overview</h2>
          <dl className="overview__grid">
            <div>
              <dt>Active categories</dt>
              <dd>{overview.activeCategories}</dd>
            </div>
            <div>
              <dt>Total artworks</dt>
              <dd>{overview.totalArtworks}</dd>
            </div>
            <div>
              <dt>Featured pieces</dt>
              <dd>{overview.featuredPieces}</dd>
            </div>
            <div>
              <dt>New arrivals</dt>
              <dd>{overview.newArrivals}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}

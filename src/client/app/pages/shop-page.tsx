import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATALOG_SEARCH_MAX_LENGTH, type CatalogSort } from '#shared/catalogue/catalogue-query.ts';
import { findCategory, isCategoryId } from '#shared/catalogue/categories.ts';
import { useArtworks, useCategories } from '../../features/catalogue/api/catalogue-queries';
import { ShopSets, ShopSetsLink } from '../components/shop-sets';
import { StoreArtworkGrid } from '../components/store-artwork-grid';
import { Pagination } from '../../components/ui/pagination';
import { ActiveFilterChips } from '../../features/catalogue/components/active-filter-chips';
import { ShopFiltersPanel } from '../../features/catalogue/components/shop-filters-panel';
import {
  catalogRequestOf,
  hasActiveFilters,
  panelFilterCount,
  readShopState,
  SHOP_PAGE_SIZE,
  writeShopState,
  type ShopState,
} from '../../features/catalogue/shop-url-state';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { SearchField, SelectField } from '#client/components/ui/filter-fields.tsx';

const SORT_LABELS: Record<CatalogSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  popular: 'Most Popular',
};
const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));

const FILTER_TITLES = { featured: 'Featured Artworks', new: 'New Arrivals' } as const;

/** The shop: its artworks, or with `?filter=sets` the sets, which are listed on their own. */
export default function ShopPage() {
  const [params] = useSearchParams();
  return params.get('filter') === 'sets' ? <ShopSets /> : <ArtworkShop />;
}

function ArtworkShop() {
  const [params, setParams] = useSearchParams();
  const state = readShopState(params);
  const [searchText, setSearchText] = useState(state.q);
  // Open from the start when the URL sets one of its filters, so the server-rendered page shows them as chosen.
  const [filtersOpen, setFiltersOpen] = useState(() => panelFilterCount(state) > 0);
  const debouncedSearch = useDebouncedValue(searchText, 300);
  const category = state.category ? findCategory(state.category) : undefined;
  const title = category
    ? `${category.name} Collection`
    : state.filter
      ? FILTER_TITLES[state.filter]
      : SITE_PAGES['/shop'].title;
  usePageTitle(title);

  // Built from the address bar, not from `state`: the router updates the URL at once but re-renders this page a
  // moment later, and a second change in that moment (Clear All Filters, then a category) must not bring back what
  // the first one cleared.
  const update = (changes: Partial<ShopState>, replace = false) =>
    setParams(writeShopState({ ...readShopState(new URLSearchParams(window.location.search)), page: 1, ...changes }), {
      replace,
    });

  // Back/forward and outside links change the URL: the search box follows.
  useEffect(() => setSearchText(state.q), [state.q]);

  useEffect(() => {
    if (debouncedSearch.trim() !== state.q.trim()) update({ q: debouncedSearch }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search text changes the URL, not the state it reads
  }, [debouncedSearch]);

  const categories = useCategories();
  const artworks = useArtworks(catalogRequestOf(state));
  const total = artworks.data?.total ?? 0;
  const shown = artworks.data?.items.length ?? 0;
  const hasFilters = hasActiveFilters(state);
  const panelCount = panelFilterCount(state);

  return (
    <div className="page shop">
      <header className="shop__header">
        <h1>{title}</h1>
        <p className="lead">
          {category?.description ??
            'High-resolution digital prints from independent artists: download instantly and print at any size.'}
        </p>
        {category && (
          <ul className="tag-list" aria-label="Featured tags">
            {category.featuredTags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {!state.filter && !category && <ShopSetsLink />}
      </header>

      <form className="shop__controls" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField
          label="Search"
          placeholder="Search by title, artist or tag..."
          maxLength={CATALOG_SEARCH_MAX_LENGTH}
          value={searchText}
          onChange={setSearchText}
        />
        <SelectField
          label="Category"
          value={state.category ?? ''}
          options={[
            { value: '', label: 'All Categories' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.artworkCount})` })),
          ]}
          onChange={(value) => update({ category: isCategoryId(value) ? value : undefined })}
        />
        <SelectField
          label="Sort by"
          value={state.sort}
          options={SORT_OPTIONS}
          onChange={(value) => update({ sort: value as CatalogSort })}
        />
        <button
          type="button"
          className="button"
          aria-expanded={filtersOpen}
          aria-controls="shop-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters
          {panelCount > 0 && (
            <span className="badge badge--count">
              {panelCount}
              <span className="visually-hidden"> set</span>
            </span>
          )}
        </button>
        {filtersOpen && <ShopFiltersPanel id="shop-filters" state={state} onChange={update} />}
      </form>

      <div className="shop__summary">
        <p aria-live="polite">
          {artworks.data
            ? `Showing ${shown} of ${total} artworks`
            : artworks.isError
              ? 'No artworks loaded'
              : 'Loading...'}
          {state.q && ` for "${state.q}"`}
          {category && ` in ${category.name}`}
        </p>
        <ActiveFilterChips state={state} onRemove={(changes) => update(changes)} />
        {hasFilters && (
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setSearchText('');
              setParams(new URLSearchParams());
            }}
          >
            Clear All Filters
          </button>
        )}
      </div>

      {artworks.isError && (
        <div className="notice notice--error" role="alert">
          <h2>Error Loading Artworks</h2>
          <p>Could not load artworks. Please try again later.</p>
          <button type="button" className="button" onClick={() => void artworks.refetch()}>
            Try Again
          </button>
        </div>
      )}

      {artworks.data && shown === 0 && (
        <div className="empty-state">
          <h2>No artwork found</h2>
          <p>{state.q ? `No artworks match "${state.q}"` : 'Try adjusting your search criteria or filters'}</p>
          {total > 0 && (
            // A page number past the last page (an old link): the results are there, one click away.
            <button type="button" className="button" onClick={() => setParams(writeShopState({ ...state, page: 1 }))}>
              Go to page 1
            </button>
          )}
        </div>
      )}

      {artworks.data && shown > 0 && (
        <>
          <StoreArtworkGrid artworks={artworks.data.items} />
          <Pagination
            page={state.page}
            pageCount={Math.ceil(total / SHOP_PAGE_SIZE)}
            onChange={(page) => {
              setParams(writeShopState({ ...state, page }));
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}

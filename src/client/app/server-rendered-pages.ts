import type { FetchQueryOptions } from '@tanstack/react-query';
import {
  matchSitePage,
  SITE_PAGES,
  type PathParams,
  type ServerRenderedPath,
  type SitePath,
} from '../../shared/store/site-pages';
import { artworkQuery, artworksQuery, categoriesQuery } from '../features/catalogue/api/catalogue-queries';
import { HOME_REQUESTS } from '../features/catalogue/home-requests';
import { catalogRequestOf, readShopState } from '../features/catalogue/shop-url-state';
import { setQuery, setsQuery } from '../features/sets/api/sets-queries';
import { licenceTermsQuery } from '../features/licences/api/licences-queries';
import { storeSettingsQuery } from '../lib/store-settings';

// The site list says which pages the server renders to HTML; this says the data each needs first. The same query
// definitions as the pages' hooks, so the cache the server fills is the one the pages read.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- queries of every result type share one list
type AnyQuery = FetchQueryOptions<any, any, any, any>;

type PageData = { [P in ServerRenderedPath]: (params: PathParams<P>, search: URLSearchParams) => AnyQuery[] };

const PAGE_DATA: PageData = {
  '/': () => [
    artworksQuery(HOME_REQUESTS.featured),
    artworksQuery(HOME_REQUESTS.newArrivals),
    artworksQuery(HOME_REQUESTS.heroPool),
    categoriesQuery,
    setsQuery,
  ],
  '/shop': (_, search) =>
    search.get('filter') === 'sets'
      ? [setsQuery]
      : [artworksQuery(catalogRequestOf(readShopState(search))), categoriesQuery, setsQuery],
  '/categories': () => [categoriesQuery],
  '/artwork/:id': ({ id }) => [artworkQuery(decodeURIComponent(id))],
  '/sets/:id': ({ id }) => [setQuery(decodeURIComponent(id))],
  '/about': () => [],
  '/help-center': () => [],
  '/download-guide': () => [],
  '/license-terms': () => [licenceTermsQuery],
  '/privacy-policy': () => [],
  '/terms-of-service': () => [],
  '/cookie-policy': () => [],
};

const isServerRendered = (path: SitePath): path is ServerRenderedPath => SITE_PAGES[path].serverRendered;

export function serverRenderedQueries(pathname: string, search: URLSearchParams): AnyQuery[] | null {
  const page = matchSitePage(pathname);
  if (!page || !isServerRendered(page.path)) return null;
  // The params were read with this same page's pattern, so they are the ones its data function names.
  const dataOf = PAGE_DATA[page.path] as (params: Record<string, string>, search: URLSearchParams) => AnyQuery[];
  return [storeSettingsQuery, ...dataOf(page.params, search)];
}

import type { FetchQueryOptions } from '@tanstack/react-query';
import { artworkQuery, artworksQuery, categoriesQuery } from '../features/catalog/api/catalog-queries';
import { HERO_POOL_SIZE } from '../features/catalog/hero-rotation';
import { catalogRequestOf, readShopState } from '../features/catalog/shop-url-state';
import { storeSettingsQuery } from '../lib/store-settings';

// The public pages the server renders to HTML, with the data each needs first. The same query definitions as the
// pages' hooks, so the cache the server fills is the one the pages read. Account, cart and owner pages depend on
// the visitor's browser (local storage, session) and are rendered in the browser only.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>;

const INFO_PAGES = ['/about', '/help-center', '/download-guide', '/license-terms', '/privacy-policy', '/terms-of-service', '/cookie-policy'];

export function serverRenderedQueries(pathname: string, search: URLSearchParams): AnyQuery[] | null {
  const always: AnyQuery[] = [storeSettingsQuery];
  if (pathname === '/') {
    return [
      ...always,
      artworksQuery({ filter: 'featured', limit: 4 }),
      artworksQuery({ filter: 'new', limit: 3 }),
      artworksQuery({ sort: 'popular', limit: HERO_POOL_SIZE }),
      categoriesQuery,
    ];
  }
  if (pathname === '/shop') return [...always, artworksQuery(catalogRequestOf(readShopState(search))), categoriesQuery];
  if (pathname === '/categories') return [...always, categoriesQuery];
  const artworkId = /^\/artwork\/([^/]+)$/.exec(pathname)?.[1];
  if (artworkId) return [...always, artworkQuery(decodeURIComponent(artworkId))];
  if (INFO_PAGES.includes(pathname)) return always;
  return null;
}

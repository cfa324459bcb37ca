import { describe, expect, it } from 'vitest';
import { SITE_PATHS, sitePage } from '../../shared/store/site-pages';
import { HOME_REQUESTS } from '../features/catalogue/home-requests';
import { artworksQuery } from '../features/catalogue/api/catalogue-queries';
import { catalogRequestOf, readShopState } from '../features/catalogue/shop-url-state';
import { serverRenderedQueries } from './server-rendered-pages';

const none = new URLSearchParams();

describe('the pages the server renders', () => {
  it.each(SITE_PATHS)('%s is rendered on the server exactly when the site list says so', (path) => {
    const queries = serverRenderedQueries(path.replace(/:[A-Za-z]+/g, '1'), none);
    expect(queries !== null).toBe(sitePage(path).serverRendered);
  });

  it('renders no other path, nor a page written with a trailing slash', () => {
    expect(serverRenderedQueries('/no/such', none)).toBeNull();
    expect(serverRenderedQueries('/about/', none)).toBeNull();
  });

  it('loads what the home page asks for', () => {
    const keys = serverRenderedQueries('/', none)?.map((q) => JSON.stringify(q.queryKey));
    for (const request of Object.values(HOME_REQUESTS))
      expect(keys).toContain(JSON.stringify(artworksQuery(request).queryKey));
  });

  it('loads the shop filtered as its URL says, so the first HTML holds the filtered results', () => {
    const search = new URLSearchParams('color=blue&orientation=landscape&frame=a4&category=nature&color-x=1');
    const keys = serverRenderedQueries('/shop', search)?.map((q) => JSON.stringify(q.queryKey));
    const filtered = artworksQuery(catalogRequestOf(readShopState(search))).queryKey;
    expect(keys).toContain(JSON.stringify(filtered));
    expect(JSON.stringify(filtered)).toMatch(/category=nature&color=blue&orientation=landscape&frame=a4/);
  });
});

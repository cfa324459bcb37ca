import { describe, expect, it } from 'vitest';
import { isPlanned, isSiteRoute, matchSitePage, SITE_PATHS, sitePage } from './site-pages';

describe('the site list', () => {
  it('finds a page by its path, with its parameters still encoded', () => {
    expect(matchSitePage('/')).toEqual({ path: '/', params: {} });
    expect(matchSitePage('/artwork/a%20b')).toEqual({ path: '/artwork/:id', params: { id: 'a%20b' } });
    expect(matchSitePage('/admin/edit/7')).toEqual({ path: '/admin/edit/:id', params: { id: '7' } });
    expect(matchSitePage('/shop/')).toBeNull();
    expect(matchSitePage('/artwork/1/more')).toBeNull();
  });

  it('knows a page with or without one trailing slash, and nothing else', () => {
    for (const path of SITE_PATHS) {
      const address = path.replace(/:[A-Za-z]+/g, 'x');
      expect(isSiteRoute(address), address).toBe(true);
      expect(isSiteRoute(`${address}/`.replace('//', '/')), `${address}/`).toBe(true);
    }
    for (const address of ['/no/such', '/shop//', '/orders/1', '/admin/x', '/artwork', '/artwork/', '/api/artworks']) {
      expect(isSiteRoute(address), address).toBe(false);
    }
  });

  it('keeps private pages private and placeholders named', () => {
    for (const path of SITE_PATHS) {
      const page = sitePage(path);
      if (page.ownerOnly) expect([page.inSitemap, page.serverRendered], path).toEqual([false, false]);
      if (isPlanned(path)) expect(page.title, path).toBeTruthy();
    }
  });
});

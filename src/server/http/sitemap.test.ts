import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES, SITE_PATHS } from '../../shared/store/site-pages';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

describe('robots.txt and the sitemap follow the site list', () => {
  let t: TestApp;
  let disallowed: string[];
  let listed: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://prints.example' });
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    disallowed = robots
      .split('\n')
      .flatMap((line) => (line.startsWith('Disallow: ') ? [line.slice('Disallow: '.length)] : []));
    listed = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  });
  afterAll(() => t.close());

  it.each(SITE_PATHS)('%s is either in the sitemap or disallowed, never both', (path) => {
    const address = path.replace(/:[A-Za-z]+/g, '1');
    const isDisallowed = disallowed.some((rule) => address.startsWith(rule));
    expect(isDisallowed).toBe(!SITE_PAGES[path].inSitemap);
    if (SITE_PAGES[path].inSitemap && !path.includes(':'))
      expect(listed).toContain(`<loc>https://prints.example${path}</loc>`);
    if (!SITE_PAGES[path].inSitemap) expect(listed).not.toContain(`https://prints.example${address}<`);
  });

  it('keeps the API out', () => {
    expect(disallowed).toContain('/api/');
  });
});

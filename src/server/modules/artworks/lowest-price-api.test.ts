import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPage } from '#shared/catalogue/catalogue-query-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// The shop's price filter and sorts, and the cards' price, read the lowest price a buyer can pay: the cheaper of
// the licences an artwork offers (migration 0020). The Personal price stays stored while Personal is not offered,
// and must not count then.
describe.each(TEST_ENGINES)('the lowest price a buyer can pay, on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let commercialOnly: number;
  let both: number;
  let personalOnly: number;
  let cheaperCommercial: number;
  let dear: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [commercialOnly, both, personalOnly, cheaperCommercial, dear] = (await insertTestArtworks(t.db, [
      // Commercial alone at $40; the $10 Personal price is what the row kept from before.
      { title: 'Commercial Only', price: 10, offersPersonal: false, commercialPrice: 40 },
      { title: 'Both Licences', price: 20, commercialPrice: 60 },
      { title: 'Personal Only', price: 30 },
      // Both, Commercial the cheaper (the owner may price them so): $45.
      { title: 'Cheaper Commercial', price: 50, commercialPrice: 45 },
      { title: 'Dear', price: 100 },
    ])) as [number, number, number, number, number];
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/artworks?limit=50&${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<CatalogPage>();
  };
  const ids = async (query: string) => (await list(query)).items.map((artwork) => artwork.id);

  it('sorts by it, low to high and high to low', async () => {
    expect(await ids('sort=price-low')).toEqual([both, personalOnly, commercialOnly, cheaperCommercial, dear]);
    expect(await ids('sort=price-high')).toEqual([dear, cheaperCommercial, commercialOnly, personalOnly, both]);
  });

  it('filters by it, counting the matches alike', async () => {
    expect(await ids('sort=price-low&minPrice=35&maxPrice=45')).toEqual([commercialOnly, cheaperCommercial]);
    expect(await list('maxPrice=15')).toEqual({ items: [], total: 0 });
    expect((await list('minPrice=35&maxPrice=45')).total).toBe(2);
  });

  it('is the price the cards show', async () => {
    const prices = new Map((await list('sort=price-low')).items.map((artwork) => [artwork.id, artwork.price]));
    expect(Object.fromEntries(prices)).toEqual({
      [both]: 20,
      [personalOnly]: 30,
      [commercialOnly]: 40,
      [cheaperCommercial]: 45,
      [dear]: 100,
    });
  });

  it('follows the owner’s edits of the licences', async () => {
    const edit = async (payload: object) => {
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/artworks/${commercialOnly}`,
        payload,
        headers: { cookie: owner },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await edit({ offersPersonal: true });
    expect(await ids('sort=price-low&maxPrice=15')).toEqual([commercialOnly]);
    await edit({ offersPersonal: false, commercialPrice: 25 });
    expect(await ids('sort=price-low')).toEqual([both, commercialOnly, personalOnly, cheaperCommercial, dear]);
    expect(await ids('maxPrice=15')).toEqual([]);
  });
});

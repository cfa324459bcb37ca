import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkSet, OwnerSet, SetList } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Sets (decisions 0066 and 0067): the owner makes them from published artworks with fixed prices, visitors see
// those on sale, and a piece that is unpublished or deleted takes its sets off sale until the owner mends them.
describe.each(TEST_ENGINES)('sets of artworks, on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let dawn: number, dusk: number, noon: number, draft: number, chosen: number, spare: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [dawn, dusk, noon, draft, chosen, spare] = (await insertTestArtworks(t.db, [
      { title: 'Dawn', price: 10, commercialPrice: 40 },
      { title: 'Dusk', price: 20, commercialPrice: 60 },
      { title: 'Noon', price: 15.55 },
      { title: 'Draft' },
      { title: 'Chosen', price: 5, minimumPrice: 2 },
      { title: 'Spare', price: 12 },
    ])) as [number, number, number, number, number, number];
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', draft).execute();
  });
  afterAll(() => t.close());

  const asOwner = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
  const make = async (payload: object) => {
    const answer = await asOwner('POST', '/api/admin/sets', payload);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<OwnerSet>();
  };
  const visitorSet = (id: number) => t.app.inject({ method: 'GET', url: `/api/sets/${id}` });
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/sets' })).json<SetList>().items.map((set) => set.id);

  it('makes a set at a percentage off, with Commercial only when every piece offers it', async () => {
    const set = await make({ title: 'Day', description: 'Three.', artworkIds: [dusk, dawn], percentOff: 15 });
    expect(set.pieces.map((piece) => piece.id)).toEqual([dusk, dawn]);
    // $30 less 15 % = $25.50; Commercial $100 × 25.50 / 30 = $85.
    expect(set.personal).toEqual({ price: 25.5, sum: 30 });
    expect(set.commercial).toEqual({ price: 85, sum: 100 });
    expect(set.onSale).toBe(true);
    expect(set.cover?.artworkId).toBe(dusk);

    const withNoon = await make({ title: 'Day and noon', artworkIds: [dawn, noon], price: 20, coverArtworkId: noon });
    expect(withNoon.personal).toEqual({ price: 20, sum: 25.55 });
    expect(withNoon.commercial).toBeNull();
    expect(withNoon.cover?.artworkId).toBe(noon);

    const page = await visitorSet(set.id);
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json<ArtworkSet>();
    expect(shown.title).toBe('Day');
    expect(shown).not.toHaveProperty('problems');
    expect(await listed()).toEqual(expect.arrayContaining([set.id, withNoon.id]));
    const inSets = await t.app.inject({ method: 'GET', url: `/api/artworks/${dawn}/sets` });
    expect(
      inSets
        .json<SetList>()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual([set.id, withNoon.id].sort());
  });

  it('refuses what cannot be a set, naming the field', async () => {
    const refused = async (payload: object, field: string) => {
      const answer = await asOwner('POST', '/api/admin/sets', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(Object.keys(answer.json<{ details: object }>().details)).toContain(field);
    };
    await refused({ title: 'One', artworkIds: [dawn], percentOff: 10 }, 'artworkIds');
    await refused({ title: 'Twice', artworkIds: [dawn, dawn], percentOff: 10 }, 'artworkIds');
    await refused({ title: 'Both', artworkIds: [dawn, dusk], percentOff: 10, price: 5 }, 'price');
    await refused({ title: 'None', artworkIds: [dawn, dusk] }, 'price');
    await refused({ title: 'Draft', artworkIds: [dawn, draft], percentOff: 10 }, 'artworkIds.1');
    await refused({ title: 'Chosen', artworkIds: [chosen, dawn], percentOff: 10 }, 'artworkIds.0');
    await refused({ title: 'Gone', artworkIds: [dawn, 999_999], percentOff: 10 }, 'artworkIds.1');
    await refused({ title: 'Dear', artworkIds: [dawn, dusk], price: 30.01 }, 'price');
    await refused({ title: 'Cover', artworkIds: [dawn, dusk], price: 3, coverArtworkId: noon }, 'coverArtworkId');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/admin/sets', payload: { title: 'x' } });
    expect(visitor.statusCode).toBeGreaterThanOrEqual(401);
    expect(visitor.statusCode).toBeLessThan(404);
  });

  it('is never above the sum of its pieces as they are priced now', async () => {
    const set = await make({ title: 'Cheaper later', artworkIds: [spare, noon], price: 27 });
    expect(set.personal).toEqual({ price: 27, sum: 27.55 });
    await t.db.updateTable('artworks').set({ price_cents: 1000 }).where('id', '=', spare).execute();
    expect((await visitorSet(set.id)).json<ArtworkSet>().personal).toEqual({ price: 25.55, sum: 25.55 });
  });

  it('goes off sale while a piece is unpublished or deleted, and back on when the owner mends it', async () => {
    const set = await make({ title: 'Fragile', artworkIds: [spare, dusk], percentOff: 10 });
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', spare).execute();
    expect((await visitorSet(set.id)).statusCode).toBe(404);
    expect(await listed()).not.toContain(set.id);
    const seen = (await asOwner('GET', `/api/admin/sets/${set.id}`)).json<OwnerSet>();
    expect(seen.onSale).toBe(false);
    expect(seen.problems).toEqual(['“Spare” is not published: only published artworks can be in a set.']);
    await t.db.updateTable('artworks').set({ status: 'published' }).where('id', '=', spare).execute();
    expect((await visitorSet(set.id)).statusCode).toBe(200);

    const deleted = await asOwner('DELETE', `/api/artworks/${spare}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await visitorSet(set.id)).statusCode).toBe(404);
    const broken = (await asOwner('GET', `/api/admin/sets/${set.id}`)).json<OwnerSet>();
    expect(broken.artworkIds).toEqual([null, dusk]);
    expect(broken.problems).toHaveLength(1);

    const mended = await asOwner('PUT', `/api/admin/sets/${set.id}`, {
      title: 'Mended',
      artworkIds: [dusk, dawn],
      percentOff: 10,
    });
    expect(mended.statusCode, mended.body).toBe(200);
    expect((await visitorSet(set.id)).json<ArtworkSet>().title).toBe('Mended');
  });

  it('deletes a set, and answers 404 for a set that is not there', async () => {
    const set = await make({ title: 'Short-lived', artworkIds: [dawn, dusk], percentOff: 5 });
    expect((await asOwner('DELETE', `/api/admin/sets/${set.id}`)).statusCode).toBe(204);
    expect((await visitorSet(set.id)).statusCode).toBe(404);
    expect((await asOwner('DELETE', `/api/admin/sets/${set.id}`)).statusCode).toBe(404);
    expect((await visitorSet(0)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sets/abc' })).statusCode).toBe(404);
  });
});

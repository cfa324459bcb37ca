import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { adoptStoreLicence } from './adopt-store-licence';

describe.each(TEST_ENGINES)('a store that sold commercial licences before tiers, on %s', (engine) => {
  let t: TestApp;
  let artwork: number;
  let itemId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const buyer = await signedInCookie(t.app, t.db, 'before-tiers@shop.test', 'customer');
    [artwork] = (await insertTestArtworks(t.db, [{ title: 'Sold Before', price: 20 }])) as [number];
    ({ itemId } = await buyWithTestCard(t, buyer, {
      items: [{ id: artwork, quantity: 1 }],
      email: 'before-tiers@shop.test',
    }));
    // As a line sold before migration 0012 looks: no terms version.
    await t.db.updateTable('order_items').set({ licence_terms_version: null }).where('id', '=', itemId).execute();
  });
  afterAll(() => t.close());

  it('makes its artworks commercial at their price and its old lines commercial, once', async () => {
    expect(await adoptStoreLicence(t.db, 'commercial')).toBe(true);
    const row = await t.db
      .selectFrom('artworks')
      .select(['offers_personal', 'commercial_price_cents'])
      .where('id', '=', artwork)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ offers_personal: 0, commercial_price_cents: 2000 });
    const line = await t.db
      .selectFrom('order_items')
      .select('licence')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(line.licence).toBe('commercial');
    // The owner may offer personal again later: a second start does not undo it.
    await t.db.updateTable('artworks').set({ offers_personal: 1 }).where('id', '=', artwork).execute();
    expect(await adoptStoreLicence(t.db, 'commercial')).toBe(false);
    const after = await t.db
      .selectFrom('artworks')
      .select('offers_personal')
      .where('id', '=', artwork)
      .executeTakeFirstOrThrow();
    expect(after.offers_personal).toBe(1);
  });
});

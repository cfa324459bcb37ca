import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// A set in the cart goes through the one pricing path as its pieces' lines (decision 0067): the split adds up to
// the set's price, automatic sales leave those lines alone, a code applies to them within its scope, and a quantity
// break counts a set as its number of pieces.
describe.each(TEST_ENGINES)("a set's price in the cart, on %s", (engine) => {
  let t: TestApp;
  let owner: string;
  let a: number, b: number, c: number, loose: number, personalOnly: number;
  let trio: OwnerSet;
  let pair: OwnerSet;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [a, b, c, loose, personalOnly] = (await insertTestArtworks(t.db, [
      { title: 'A', price: 10, commercialPrice: 40, category: 'abstract' },
      { title: 'B', price: 20, commercialPrice: 50, category: 'abstract' },
      { title: 'C', price: 13.33, commercialPrice: 33.33, category: 'nature' },
      { title: 'Loose', price: 7, category: 'nature' },
      { title: 'Personal only', price: 9, category: 'nature' },
    ])) as [number, number, number, number, number];
    const make = async (payload: object) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sets',
        payload,
        headers: { cookie: owner },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<OwnerSet>();
    };
    trio = await make({ title: 'Trio', artworkIds: [a, b, c], price: 33.34 });
    pair = await make({ title: 'Pair', artworkIds: [a, personalOnly], percentOff: 10 });
  });
  afterAll(() => t.close());

  const quote = async (payload: object) => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<CartQuote>();
  };
  const setLines = (q: CartQuote, setId: number) => q.items.filter((line) => line.setId === setId);

  it("splits the set's price into one line per piece that add up to it exactly", async () => {
    const q = await quote({ sets: [{ setId: trio.id, licence: 'personal' }] });
    const lines = setLines(q, trio.id);
    expect(lines.map((line) => line.artworkId)).toEqual([a, b, c]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(3334);
    // 3334 over 1000, 2000 and 1333 in proportion: 769.44, 1538.89, 1025.67; the two cents left over go to the
    // largest remainders, B's and C's.
    expect(lines.map((line) => line.amount)).toEqual([769, 1539, 1026]);
    expect(lines.every((line) => line.quantity === 1)).toBe(true);
    expect(q.subtotal).toBe(3334);
  });

  it('prices Commercial at the sum of the Commercial prices times the set’s ratio, when every piece offers it', async () => {
    const q = await quote({ sets: [{ setId: trio.id, licence: 'commercial' }] });
    // 12333 × 3334 / 4333 = 9489.6 → 9490.
    expect(q.subtotal).toBe(9490);
    expect(setLines(q, trio.id).reduce((sum, line) => sum + line.amount, 0)).toBe(9490);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { sets: [{ setId: pair.id, licence: 'commercial' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ details: object }>().details)).toEqual(['sets.0.setId']);
  });

  it('leaves a set alone under an automatic sale, but not the same artwork bought on its own', async () => {
    const sale = await insertTestDiscount(t.db, { kind: 'sale', code: null, name: 'Half off', percent_off: 50 });
    try {
      const q = await quote({ items: [{ id: a, quantity: 1, licence: 'personal' }], sets: [{ setId: trio.id }] });
      expect(setLines(q, trio.id).reduce((sum, line) => sum + line.amount, 0)).toBe(3334);
      const alone = q.items.find((line) => line.setId === null || line.setId === undefined)!;
      expect(alone.artworkId).toBe(a);
      expect(alone.unitAmount).toBe(500);
    } finally {
      await t.db.deleteFrom('discounts').where('id', '=', sale).execute();
    }
  });

  it("applies a code to the set's lines within its scope only", async () => {
    await insertTestDiscount(t.db, {
      code: 'NATURE10',
      percent_off: 10,
      scope: 'categories',
      scope_categories: JSON.stringify(['nature']),
    });
    const q = await quote({ sets: [{ setId: trio.id }], code: 'NATURE10' });
    const lines = setLines(q, trio.id);
    // Only C is nature: 10 % of its 1026, half up.
    expect(lines.map((line) => line.discount)).toEqual([0, 0, 103]);
    expect(q.discount).toBe(103);
    expect(q.code?.applied).toBe(true);
  });

  it('counts a set as its number of pieces for a quantity break', async () => {
    const quantity = await insertTestDiscount(t.db, {
      kind: 'quantity',
      code: null,
      name: '4 or more: 10 % off',
      percent_off: 10,
      min_quantity: 4,
    });
    try {
      const q = await quote({ items: [{ id: loose, quantity: 1 }], sets: [{ setId: trio.id }] });
      expect(q.discounts.map((discount) => discount.kind)).toEqual(['quantity']);
      expect(q.discount).toBe(Math.floor(((3334 + 700) * 10 * 2 + 100) / 200));
      const without = await quote({ sets: [{ setId: trio.id }] });
      expect(without.discounts).toEqual([]);
    } finally {
      await t.db.deleteFrom('discounts').where('id', '=', quantity).execute();
    }
  });

  it('refuses a set off sale, a set given twice and an empty cart, naming the field', async () => {
    const refused = async (payload: object, field: string) => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(Object.keys(answer.json<{ details: object }>().details)).toContain(field);
    };
    await refused({ sets: [{ setId: trio.id }, { setId: trio.id }] }, 'sets.1.setId');
    await refused({ sets: [{ setId: 999_999 }] }, 'sets.0.setId');
    await refused({ sets: [{ setId: 'x' }] }, 'sets.0.setId');
    await refused({}, 'items');
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', personalOnly).execute();
    await refused({ sets: [{ setId: pair.id }] }, 'sets.0.setId');
    await t.db.updateTable('artworks').set({ status: 'published' }).where('id', '=', personalOnly).execute();
    expect((await quote({ sets: [{ setId: pair.id }] })).subtotal).toBe(1710);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

// The print sizes an artwork's pack includes, said before any file is made: from the master's size and the ratios
// offered, on the artwork page (a shared answer) and in the receipt.
describe.each(TEST_ENGINES)('print sizes of an artwork on %s', (engine) => {
  let t: TestApp;
  let sized: number;
  let unsized: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [sized, unsized] = (await insertTestArtworks(t.db, [
      { title: 'Tall Cypress', dimensions: 'free text', format: 'PNG, JPG' },
      { title: 'Old Listing', dimensions: '2x3, 4x5, 5x7', format: 'PNG' },
    ])) as [number, number];
    // 7200 × 10800 px (24 × 36 in at 300 DPI), offered as 2:3 and 4:5 only.
    await t.db
      .updateTable('artworks')
      .set({ master_width: 7200, master_height: 10800, print_ratios: JSON.stringify(['4x5', '2x3']) })
      .where('id', '=', sized)
      .execute();
  });
  afterAll(() => t.close());

  const detail = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/artworks/${id}` })).json<ArtworkDetail>();

  it('lists each offered ratio with its standard sizes in inches and cm, and says Dimensions and Format from them', async () => {
    const artwork = await detail(sized);
    expect(artwork.dimensions).toBe('2:3, 4:5 · 7200 × 10800 px');
    expect(artwork.format).toBe('JPG and PNG · 300 DPI · sRGB');
    expect(artwork.printSizes.map((entry) => [entry.ratio, entry.width, entry.height])).toEqual([
      ['2x3', 7200, 10800],
      ['4x5', 7200, 9000],
    ]);
    expect(artwork.printSizes[0]!.sizes.map((size) => size.name)).toEqual([
      '4 × 6 in',
      '8 × 12 in',
      '12 × 18 in',
      '16 × 24 in',
      '20 × 30 in',
      '24 × 36 in',
    ]);
    expect(artwork.printSizes[1]!.sizes.at(-1)).toEqual({
      name: '24 × 30 in',
      inches: '24 × 30 in',
      cm: '61 × 76.2 cm',
    });
  });

  it('keeps the stored Dimensions and Format, and lists no sizes, while the master size is not known', async () => {
    const artwork = await detail(unsized);
    expect(artwork.dimensions).toBe('2x3, 4x5, 5x7');
    expect(artwork.format).toBe('PNG');
    expect(artwork.printSizes).toEqual([]);
  });

  it('says JPG only for a pack whose artwork does not offer PNG', async () => {
    await t.db.updateTable('artworks').set({ format: 'JPG' }).where('id', '=', sized).execute();
    try {
      expect((await detail(sized)).format).toBe('JPG · 300 DPI · sRGB');
    } finally {
      await t.db.updateTable('artworks').set({ format: 'PNG, JPG' }).where('id', '=', sized).execute();
    }
  });

  it('lists the sizes included in the receipt', async () => {
    const cookie = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    await buyWithTestCard(t, cookie, { items: [{ id: sized, quantity: 1 }], email: 'buyer@shop.test' });
    const mail = await waitForMail(t.dataDir, 'buyer@shop.test', /receipt/i);
    expect(mail.text).toContain('2:3 — 4 × 6 in, 8 × 12 in, 12 × 18 in, 16 × 24 in, 20 × 30 in, 24 × 36 in');
    expect(mail.text).toContain('4:5 — 4 × 5 in, 8 × 10 in, 16 × 20 in, 24 × 30 in');
    expect(mail.html).toContain('4:5 — 4 × 5 in, 8 × 10 in, 16 × 20 in, 24 × 30 in');
  });
});

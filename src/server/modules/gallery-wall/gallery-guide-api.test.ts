import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGalleryArtworks } from '#test-support/gallery-artworks.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// The hanging guide PDF read back by a reader of its own (pdftotext): its lengths worked out here by hand, from
// the frame widths (1 in frame, 2 in mat) and the layout rules, not from the code that made it.

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe.each(TEST_ENGINES)('the gallery wall hanging guide on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  let draft: number | undefined;

  const guide = (body: Record<string, unknown>, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: '/api/gallery-wall/guide', payload: body, remoteAddress });

  const base = () => ({
    pieces: ids.map((artworkId) => ({ artworkId, size: '8 × 10 in' })),
    layout: 'row',
    frame: 'black',
    mat: false,
    unit: 'in',
    gap: 2,
    centreHeight: 57,
    hookDrop: 2,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, { GALLERY_GUIDE_RATE_LIMIT: '1000' });
    ids = await insertGalleryArtworks(t.db);
    [draft] = await insertTestArtworks(t.db, [{ title: 'Not Yet' }]);
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', draft!).execute();
  });
  afterAll(() => t?.close());

  it('prints a row: each outer size, the distances, and every nail from the top-left and from the floor', async () => {
    const response = await guide(base());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('Hanging guide.pdf');
    const text = oneLine(await pdfText(response.rawPayload));
    // Two upright 8 × 10 in prints (10 × 12 in framed) and one across (12 × 10 in), 2 in apart: 36 × 12 in,
    // its centre at 57 in, so its top at 63 in; the third frame is centred on the line, 1 in lower.
    expect(text).toContain('Hanging guide');
    expect(text).toContain('3 artworks, row layout: black frames, no mat.');
    expect(text).toContain('Overall size: 36 × 12 in');
    expect(text).toContain('Top edge: 63 in above the floor');
    expect(text).toContain('Bottom edge: 51 in above the floor');
    expect(text).toContain('Frame 2: Київ Evening by Ira Koval');
    expect(text).toContain('Outer size of frame 1: 10 × 12 in');
    expect(text).toContain('Outer size of frame 3: 12 × 10 in');
    expect(text).toContain('Top-left corner of frame 2: 12 in from the left, 0 in from the top');
    expect(text).toContain('Top-left corner of frame 3: 24 in from the left, 1 in from the top');
    expect(text).toContain('Nail for frame 1: 5 in from the left, 2 in from the top, 61 in above the floor');
    expect(text).toContain('Nail for frame 2: 17 in from the left, 2 in from the top, 61 in above the floor');
    expect(text).toContain('Nail for frame 3: 30 in from the left, 3 in from the top, 60 in above the floor');
    expect(text).toContain('Frame 1 to frame 2 (side by side): 2 in');
    expect(text).toContain('Frame 2 to frame 3 (side by side): 2 in');
  });

  it('says it in centimetres to the nearest 0.5 cm, and hangs a frame wider than 24 in from two nails', async () => {
    const body = {
      ...base(),
      // The third artwork is across: 24 × 36 in is 36 in wide, 38 × 26 in framed.
      pieces: [
        { artworkId: ids[0], size: '8 × 10 in' },
        { artworkId: ids[2], size: '24 × 36 in' },
      ],
      mat: false,
      unit: 'cm',
      gap: 5,
      centreHeight: 145,
      hookDrop: 5,
    };
    const text = oneLine(await pdfText((await guide(body)).rawPayload));
    // 25.4 + 5 + 96.52 = 126.92 cm by 66.04 cm.
    expect(text).toContain('Overall size: 127 × 66 cm');
    expect(text).toContain('Outer size of frame 1: 25.5 × 30.5 cm');
    expect(text).toContain('Outer size of frame 2: 96.5 × 66 cm');
    // Its top at 145 + 33.02 = 178.02 cm; its nails 5 cm down, a quarter of 96.52 cm in from each side.
    expect(text).toContain('Left nail for frame 2: 54.5 cm from the left, 5 cm from the top, 173 cm above the floor');
    expect(text).toContain('Right nail for frame 2: 103 cm from the left, 5 cm from the top, 173 cm above the floor');
    // Frame 1 hangs centred on the line: (66.04 - 30.48) / 2 = 17.78 cm from the top, its nail 5 cm lower.
    expect(text).toContain('Nail for frame 1: 12.5 cm from the left, 23 cm from the top, 155 cm above the floor');
    expect(text).toContain('Frame 1 to frame 2 (side by side): 5 cm');
  });

  it('refuses what cannot be planned with 400, naming the field', async () => {
    const refused = async (change: Record<string, unknown>, field: string) => {
      const response = await guide({ ...base(), ...change });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json<{ details: Record<string, string[]> }>().details)).toContain(field);
    };
    await refused({ pieces: [{ artworkId: ids[0], size: '8 × 10 in' }] }, 'pieces');
    await refused({ pieces: Array.from({ length: 13 }, () => ({ artworkId: ids[0], size: '8 × 10 in' })) }, 'pieces');
    await refused({ layout: 'circle' }, 'layout');
    await refused({ frame: 'gold' }, 'frame');
    await refused({ mat: 'yes' }, 'mat');
    await refused({ unit: 'mm' }, 'unit');
    await refused({ gap: 13 }, 'gap');
    await refused({ gap: -1 }, 'gap');
    await refused({ unit: 'cm', gap: 31, centreHeight: 145, hookDrop: 5 }, 'gap');
    await refused({ centreHeight: 20 }, 'centreHeight');
    await refused({ unit: 'cm', centreHeight: 57 }, 'centreHeight');
    await refused({ hookDrop: '2' }, 'hookDrop');
    // A size the artwork's print pack does not have, an artwork not in the shop, a draft.
    await refused({ pieces: [{ artworkId: ids[0], size: 'A9' }, ...base().pieces.slice(1)] }, 'pieces.0.size');
    await refused(
      { pieces: [...base().pieces.slice(0, 2), { artworkId: 999_999, size: '8 × 10 in' }] },
      'pieces.2.artworkId',
    );
    await refused(
      { pieces: [...base().pieces.slice(0, 2), { artworkId: draft, size: '8 × 10 in' }] },
      'pieces.2.artworkId',
    );
    // A hook 10 in down a 10 in high frame; twelve 24 × 36 in pieces in a grid (3 rows of 38 in) centred at 36 in.
    await refused({ hookDrop: 10 }, 'hookDrop');
    await refused(
      {
        layout: 'grid',
        centreHeight: 36,
        pieces: Array.from({ length: 12 }, () => ({ artworkId: ids[0], size: '24 × 36 in' })),
      },
      'centreHeight',
    );
  });

  it('is limited per address: past GALLERY_GUIDE_RATE_LIMIT a minute, 429 with Retry-After', async () => {
    const limited = await createTestApp(engine, { GALLERY_GUIDE_RATE_LIMIT: '2' });
    try {
      const [first, second, third] = await insertGalleryArtworks(limited.db);
      const body = { ...base(), pieces: [first, second, third].map((artworkId) => ({ artworkId, size: '8 × 10 in' })) };
      const ask = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/gallery-wall/guide', payload: body, remoteAddress });
      expect((await ask('198.51.100.7')).statusCode).toBe(200);
      expect((await ask('198.51.100.7')).statusCode).toBe(200);
      const refused = await ask('198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await ask('198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

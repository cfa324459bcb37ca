import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

describe.each(TEST_ENGINES)('catalogue API on %s', (engine) => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = await insertTestArtworks(t.db, [
      {
        title: 'Misty Mountains',
        artist: 'Ana Lee',
        category: 'nature',
        tags: ['mountains', 'fog'],
        price: 5.9,
        originalPrice: 10.9,
        isFeatured: true,
        downloadCount: 40,
        googleDriveLink: 'https://drive.example/secret-1',
      },
      {
        title: 'Neon Avenue',
        artist: 'Bo Park',
        category: 'urban',
        tags: ['city', 'neon'],
        price: 14.9,
        isNewArrival: true,
        downloadCount: 300,
      },
      {
        title: 'Fern Study',
        artist: 'Cy Moss',
        category: 'botanical',
        tags: ['Fern', 'leaves'],
        price: 10,
        description: 'Green fronds in 100% natural_light',
      },
      {
        title: 'Quiet Peaks',
        artist: 'Ana Lee',
        category: 'nature',
        tags: ['landscape'],
        price: 24.9,
        isFeatured: true,
        isNewArrival: true,
        downloadCount: 5,
      },
      {
        title: 'Harbour Lights',
        artist: 'Dee Vance',
        category: 'urban',
        tags: ['night'],
        price: 4.9,
        downloadCount: 120,
      },
      { title: 'Ocean Calm', artist: 'Eli Stone', category: 'nature', tags: ['ocean'], price: 10, downloadCount: 0 },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/artworks${query}` });
    return { status: response.statusCode, body: response.json() };
  };
  const titles = (body: { items: Array<{ title: string }> }) => body.items.map((a) => a.title);

  it('lists the newest first with the total, in dollars, with defaults applied', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.items[0].title).toBe('Ocean Calm');
    const misty = body.items.find((a: { title: string }) => a.title === 'Misty Mountains');
    expect(misty).toMatchObject({
      price: 5.9,
      originalPrice: 10.9,
      isFeatured: true,
      category: 'nature',
      format: 'PNG',
    });
    expect(misty.media).toEqual([{ type: 'image', url: misty.imageUrl }]);
  });

  it('pages with limit and offset while the total stays the whole match', async () => {
    const first = await list('?limit=4&offset=0');
    const second = await list('?limit=4&offset=4');
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.total).toBe(6);
    expect(new Set([...titles(first.body), ...titles(second.body)]).size).toBe(6);
  });

  it('searches title, artist, description and tags, ignoring case', async () => {
    expect(titles((await list('?q=MISTY')).body)).toEqual(['Misty Mountains']);
    expect(titles((await list('?q=ana%20lee')).body)).toEqual(['Quiet Peaks', 'Misty Mountains']);
    expect(titles((await list('?q=fronds')).body)).toEqual(['Fern Study']);
    expect(titles((await list('?q=fern')).body)).toEqual(['Fern Study']);
    expect(titles((await list('?q=neon')).body)).toEqual(['Neon Avenue']);
    expect((await list('?q=nothing-like-this')).body).toEqual({ items: [], total: 0 });
  });

  it('searches with one or two letters and treats % and _ as plain characters', async () => {
    expect((await list('?q=ea')).body.total).toBeGreaterThan(0);
    expect(titles((await list('?q=100%25')).body)).toEqual(['Fern Study']);
    expect(titles((await list('?q=n_t')).body)).toEqual([]); // as a wildcard it would match 'natural'
    expect(titles((await list('?q=natural_')).body)).toEqual(['Fern Study']);
  });

  it('filters by category, featured and new', async () => {
    expect(titles((await list('?category=urban')).body)).toEqual(['Harbour Lights', 'Neon Avenue']);
    expect(titles((await list('?filter=featured')).body)).toEqual(['Quiet Peaks', 'Misty Mountains']);
    expect(titles((await list('?filter=new')).body)).toEqual(['Quiet Peaks', 'Neon Avenue']);
    expect(titles((await list('?filter=featured&category=nature&q=quiet')).body)).toEqual(['Quiet Peaks']);
  });

  it('filters by an inclusive price range', async () => {
    expect(titles((await list('?minPrice=10&maxPrice=10')).body).sort()).toEqual(['Fern Study', 'Ocean Calm']);
    expect(titles((await list('?minPrice=14.9&sort=price-low')).body)).toEqual(['Neon Avenue', 'Quiet Peaks']);
    expect(titles((await list('?maxPrice=4.9')).body)).toEqual(['Harbour Lights']);
  });

  it('sorts newest, oldest, by price both ways and by popularity', async () => {
    expect(titles((await list('?sort=oldest&limit=2')).body)).toEqual(['Misty Mountains', 'Neon Avenue']);
    expect(titles((await list('?sort=price-low&limit=2')).body)).toEqual(['Harbour Lights', 'Misty Mountains']);
    expect(titles((await list('?sort=price-high&limit=2')).body)).toEqual(['Quiet Peaks', 'Neon Avenue']);
    expect(titles((await list('?sort=popular&limit=3')).body)).toEqual([
      'Neon Avenue',
      'Harbour Lights',
      'Misty Mountains',
    ]);
  });

  it('refuses invalid parameters with 400 and the fields at fault', async () => {
    const { status, body } = await list('?limit=101&sort=random&category=space&offset=-1&minPrice=abc');
    expect(status).toBe(400);
    expect(body.error).toBe('Invalid request');
    expect(Object.keys(body.details).sort()).toEqual(['category', 'limit', 'minPrice', 'offset', 'sort']);
    const range = await list('?minPrice=20&maxPrice=10');
    expect(range.status).toBe(400);
    expect(Object.keys(range.body.details)).toEqual(['maxPrice']);
  });

  it('returns one artwork with up to four related works of its category, not itself', async () => {
    const extra = await insertTestArtworks(
      t.db,
      Array.from({ length: 4 }, (_, i) => ({ title: `Extra ${i}`, category: 'nature' })),
    );
    const response = await t.app.inject({ method: 'GET', url: `/api/artworks/${ids[0]}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.title).toBe('Misty Mountains');
    expect(body.relatedArtworks).toHaveLength(4);
    for (const related of body.relatedArtworks) {
      expect(related.category).toBe('nature');
      expect(related.id).not.toBe(ids[0]);
    }
    await t.db.deleteFrom('artworks').where('id', 'in', extra).execute();
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '1e3', '12abc'])('answers 404 for artwork id %s', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/artworks/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Artwork not found' });
  });

  it('never shows the private download link', async () => {
    const listing = await t.app.inject({ method: 'GET', url: '/api/artworks?limit=100' });
    const detail = await t.app.inject({ method: 'GET', url: `/api/artworks/${ids[0]}` });
    for (const body of [listing.body, detail.body]) {
      expect(body).not.toContain('secret-1');
      expect(body.toLowerCase()).not.toContain('googledrivelink');
      expect(body).not.toContain('google_drive_link');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { searchTextOf } from './artwork-row';

// Related works now come from an index and PostgreSQL searches its own table (migration 0007); both must answer
// exactly what the plain definitions give, checked here against those definitions worked out in JavaScript.
describe.each(TEST_ENGINES)('related works and search answers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };

  it('lists a category\u2019s featured works first, then the newest, never the work itself, four at most', async () => {
    const flags = [true, false, false, true, false, true, false, false, false, true, false, false];
    const ids = await insertTestArtworks(
      t.db,
      flags.map((isFeatured, i) => ({ category: i % 3 === 2 ? 'urban' : 'nature', isFeatured })),
    );
    const nature = ids
      .map((id, i) => ({ id, featured: flags[i] as boolean, category: i % 3 === 2 ? 'urban' : 'nature' }))
      .filter((a) => a.category === 'nature');
    for (const artwork of nature) {
      const expected = nature
        .filter((other) => other.id !== artwork.id)
        .sort((a, b) => Number(b.featured) - Number(a.featured) || b.id - a.id)
        .slice(0, 4)
        .map((other) => other.id);
      const body = await get(`/api/artworks/${artwork.id}`);
      expect(body.relatedArtworks.map((r: { id: number }) => r.id)).toEqual(expected);
    }
    await t.db.deleteFrom('artworks').execute();
  });

  describe('search', () => {
    const texts = [
      {
        title: 'Misty Mountains',
        artist: 'Ana Lee',
        description: 'Fog over 100% natural_light peaks.',
        tags: ['mountains'],
      },
      {
        title: 'Back\\slash Study',
        artist: 'Bo Park',
        description: 'Quotes "and" apostrophes\u2019 here.',
        tags: ['ea'],
      },
      {
        title: 'Caf\u00e9 \u00c9t\u00e9',
        artist: '\u00c9mile Zola',
        description: 'Ends in za',
        tags: ['\u00b5m', '\u03c3\u03bf\u03c6\u03af\u03b1'],
      },
      { title: 'Emoji \ud83c\udf0a Wave', artist: 'Cy Moss', description: 'ar ar ar', tags: ['ocean'] },
      { title: 'Plain', artist: 'Dee Vance', description: 'Nothing special at all', tags: [] },
      { title: 'Underscore_and%percent', artist: 'Eli Stone', description: 'mo', tags: ['x'] },
    ];
    const terms = [
      'ea',
      'ar',
      'mo',
      'za',
      'zu',
      '%',
      '_',
      '\\',
      '%p',
      'e_',
      '\\s',
      'ca',
      '\u00e9t',
      '\u00b5m',
      '\u03bf\u03c6',
      '\ud83c\udf0a',
      '\ud83c\udf0a ',
      ' w',
      'mountain',
      'still life',
      'nothing',
      'a',
      'e',
      '100%',
      'and%',
      'ma',
      '"a',
      'es\u2019',
    ];
    let rows: Array<{ id: number; searchText: string; category: string }> = [];

    beforeAll(async () => {
      await t.db.deleteFrom('artworks').execute();
      const ids = await insertTestArtworks(
        t.db,
        texts.map((text, i) => ({ ...text, category: i % 2 ? 'urban' : 'nature', price: 5 + i })),
      );
      rows = ids.map((id, i) => ({
        id,
        searchText: searchTextOf(texts[i] as (typeof texts)[number]),
        category: i % 2 ? 'urban' : 'nature',
      }));
    });

    async function expectSameAsDefinition(extra = '') {
      for (const term of terms) {
        const lower = term.trim().toLowerCase();
        const matches = rows.filter((r) => r.searchText.includes(lower)).map((r) => r.id);
        const body = await get(`/api/artworks?q=${encodeURIComponent(term)}&limit=100${extra}`);
        const expected = extra.includes('category=urban')
          ? rows.filter((r) => matches.includes(r.id) && r.category === 'urban').map((r) => r.id)
          : matches;
        const wanted = extra.includes('sort=oldest')
          ? [...expected].sort((a, b) => a - b)
          : [...expected].sort((a, b) => b - a);
        expect({ term, ids: body.items.map((a: { id: number }) => a.id), total: body.total }).toEqual({
          term,
          ids: wanted,
          total: expected.length,
        });
      }
    }

    it('finds exactly the works whose text contains the term, newest or oldest first', async () => {
      await expectSameAsDefinition();
      await expectSameAsDefinition('&sort=oldest');
    });

    it('gives the same answers combined with another filter', async () => {
      await expectSameAsDefinition('&category=urban');
    });

    it('follows an edited text and a deleted work', async () => {
      const [first, second] = rows;
      await t.db.updateTable('artworks').set({ search_text: 'zu only now' }).where('id', '=', first!.id).execute();
      first!.searchText = 'zu only now';
      await t.db.deleteFrom('artworks').where('id', '=', second!.id).execute();
      rows = rows.filter((r) => r.id !== second!.id);
      await expectSameAsDefinition();
    });
  });
});

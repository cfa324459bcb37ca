import { describe, expect, it } from 'vitest';
import { normalizeArtwork } from '#shared/catalogue/artwork.ts';
import { addFavorite, parseFavorites, removeFavorite } from './favorites-rules';

const art = (id: number) => normalizeArtwork({ id, title: `Art ${id}` });

describe('favourites', () => {
  it('adds once per id and removes by id', () => {
    const list = addFavorite(addFavorite(addFavorite([], art(1)), art(2)), art(1));
    expect(list.map((a) => a.id)).toEqual([1, 2]);
    expect(removeFavorite(list, 1).map((a) => a.id)).toEqual([2]);
  });

  it('restores without duplicates or malformed entries', () => {
    expect(parseFavorites([art(1), art(1), { id: 'x' }, null, art(2)]).map((a) => a.id)).toEqual([1, 2]);
    expect(parseFavorites({})).toEqual([]);
  });

  it('reads a half-shaped entry (older version, edited by hand) with every default, so pages can show it', () => {
    const [old] = parseFavorites([
      { id: 5, title: 'Old entry', tags: 'not a list', images: [{ url: '/x.webp' }], media: [7, '/m.webp'] },
    ]);
    expect(old).toMatchObject({
      id: 5,
      title: 'Old entry',
      artist: 'Unknown Artist',
      tags: [],
      images: [],
      price: 0,
      downloadCount: 0,
    });
    expect(old?.media).toEqual([{ type: 'image', url: '/m.webp' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeArtwork, normalizeMedia, PLACEHOLDER_IMAGE_URL } from './artwork';

describe('normalizeArtwork', () => {
  it('applies every default to an empty record', () => {
    const artwork = normalizeArtwork({ id: 7 });
    expect(artwork).toMatchObject({
      id: 7,
      title: 'Untitled Artwork',
      artist: 'Unknown Artist',
      price: 0,
      originalPrice: null,
      description: 'No description available',
      dimensions: '1920 x 1080 px',
      format: 'PNG, JPG',
      downloadCount: 0,
      isNewArrival: false,
      isFeatured: false,
      tags: [],
      imageUrl: PLACEHOLDER_IMAGE_URL,
      highResImageUrl: PLACEHOLDER_IMAGE_URL,
      media: [{ type: 'image', url: PLACEHOLDER_IMAGE_URL }],
    });
  });

  it("derives the category from 'Uncategorized' and the tags: no tags means 'minimalist'", () => {
    expect(normalizeArtwork({ id: 1 }).category).toBe('minimalist');
    expect(normalizeArtwork({ id: 1, tags: ['forest', 'ocean'] }).category).toBe('nature');
    expect(normalizeArtwork({ id: 1, category: 'URBAN', tags: ['forest'] }).category).toBe('urban');
  });

  it('treats blank text as missing and trims tags, dropping blanks', () => {
    const artwork = normalizeArtwork({ id: 2, title: '   ', artist: '', tags: [' sea ', '', '  '] });
    expect(artwork.title).toBe('Untitled Artwork');
    expect(artwork.artist).toBe('Unknown Artist');
    expect(artwork.tags).toEqual(['sea']);
  });

  it('falls back imageUrl → previewUrl and highResImageUrl → imageUrl → previewUrl', () => {
    expect(normalizeArtwork({ id: 3, previewUrl: '/p.webp' })).toMatchObject({
      imageUrl: '/p.webp',
      highResImageUrl: '/p.webp',
      previewUrl: '/p.webp',
    });
    expect(normalizeArtwork({ id: 3, imageUrl: '/i.webp', previewUrl: '/p.webp' }).highResImageUrl).toBe('/i.webp');
    expect(normalizeArtwork({ id: 3, imageUrl: '/i.webp', highResImageUrl: '/h.webp' }).highResImageUrl).toBe(
      '/h.webp',
    );
  });

  it('reads plain media strings as images and keeps typed items', () => {
    const artwork = normalizeArtwork({
      id: 4,
      imageUrl: '/ignored.webp',
      media: ['/a.webp', { type: 'video', url: '/b.mp4' }, { type: 'image', url: '' }, { url: '/c.webp' }],
    });
    expect(artwork.media).toEqual([
      { type: 'image', url: '/a.webp' },
      { type: 'video', url: '/b.mp4' },
      { type: 'image', url: '/c.webp' },
    ]);
  });

  it('shows the picture once when there are no media: imageUrl, else highResImageUrl, two sizes of one picture', () => {
    expect(normalizeArtwork({ id: 5, imageUrl: '/i.webp', highResImageUrl: '/h.webp' }).media).toEqual([
      { type: 'image', url: '/i.webp' },
    ]);
    expect(normalizeArtwork({ id: 5, highResImageUrl: '/h.webp' }).media).toEqual([{ type: 'image', url: '/h.webp' }]);
  });

  it('parses numeric strings and rejects nonsense prices', () => {
    expect(normalizeArtwork({ id: 6, price: '5.90', originalPrice: '10.90' })).toMatchObject({
      price: 5.9,
      originalPrice: 10.9,
    });
    expect(normalizeArtwork({ id: 6, price: 'abc', downloadCount: -3 })).toMatchObject({ price: 0, downloadCount: 0 });
  });
});

describe('normalizeMedia with room mockups', () => {
  const mockup = (scene: string) => ({
    type: 'image',
    url: `/files/mockups/1-${scene}-800.webp`,
    mockup: scene,
    images: [
      { url: `/files/mockups/1-${scene}-1600.webp`, width: 1600, height: 1067 },
      { url: `/files/mockups/1-${scene}-800.webp`, width: 800, height: 533 },
    ],
  });

  it('puts the picture first when the owner chose no media, then the mockups with their renditions', () => {
    const media = normalizeMedia([mockup('office'), mockup('bedroom')], '/files/a-800.webp', null);
    expect(media.map((item) => item.url)).toEqual([
      '/files/a-800.webp',
      '/files/mockups/1-office-800.webp',
      '/files/mockups/1-bedroom-800.webp',
    ]);
    expect(media[1]).toMatchObject({ mockup: 'office' });
    expect(media[1]!.images!.map((image) => image.width)).toEqual([800, 1600]);
  });

  it('keeps the owner’s media first, wherever the mockups were, and drops a mockup of an unknown room', () => {
    const media = normalizeMedia(
      [mockup('living-room'), { type: 'video', url: '/v.mp4' }, '/b.webp', mockup('kitchen')],
      '/a.webp',
      null,
    );
    expect(media).toEqual([
      { type: 'video', url: '/v.mp4' },
      { type: 'image', url: '/b.webp' },
      expect.objectContaining({ url: '/files/mockups/1-living-room-800.webp', mockup: 'living-room' }),
    ]);
  });
});

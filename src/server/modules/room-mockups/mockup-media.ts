import { mainImageOf } from '#shared/catalogue/artwork-images.ts';
import type { MediaItem } from '#shared/catalogue/artwork-schema.ts';
import type { ArtworkRow } from '../../db/schema';
import { parseStoredMockups } from './mockup-files';
import { mockupSourceOf } from './mockup-repository';
import { isMockupScene } from './scenes';

/**
 * The artwork's room mockups as the public sees them, marked as mockups, the owner's first scene first: none when
 * the owner turned them off, and none while they show a picture the artwork no longer has (new ones are being made).
 */
export function mockupMediaOf(
  row: Pick<ArtworkRow, 'images' | 'mockups' | 'mockups_source' | 'mockups_enabled' | 'first_mockup_scene'>,
): MediaItem[] {
  if (!row.mockups_enabled || row.mockups_source === null) return [];
  if (row.mockups_source !== mockupSourceOf(row.images)) return [];
  const items = parseStoredMockups(row.mockups).flatMap((mockup): MediaItem[] => {
    const shown = mainImageOf(mockup.images);
    if (!isMockupScene(mockup.scene) || !shown) return [];
    return [{ type: 'image', url: shown.url, mockup: mockup.scene, images: mockup.images }];
  });
  const first = items.filter((item) => item.mockup === row.first_mockup_scene);
  return [...first, ...items.filter((item) => item.mockup !== row.first_mockup_scene)];
}

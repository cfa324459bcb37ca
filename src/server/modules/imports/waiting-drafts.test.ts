import { describe, expect, it } from 'vitest';
import { DraftsByName, fileStem, listingStems } from './waiting-drafts';

const draft = (id: number, master_file_name: string) => ({ id, image_url: null, master_file_name });
const listing = (title: string, key = 'title:x', imageUrls: string[] = []) => ({ title, key, imageUrls });

describe('drafts waiting for their listings by name', () => {
  it('reads one stem from the spellings of one name', () => {
    expect(fileStem('sunset_over-the hills (1).TIF')).toBe('sunset-over-the-hills');
    expect(fileStem('Café Morning copy.png')).toBe('café-morning');
    expect(
      listingStems(
        listing('Sunset Over the Hills', 'handle:sunset-hills-print', [
          'https://cdn.example/files/products/Sunset%20Hills_final.jpg?v=3',
          'https://cdn.example/',
        ]),
      ),
    ).toEqual(['sunset-over-the-hills', 'sunset-hills-print', 'sunset-hills-final']);
  });

  it('hands each draft out once, the oldest of a name first, by title, handle or picture', () => {
    const drafts = new DraftsByName([
      draft(7, 'ocean.png'),
      draft(3, 'Ocean.tif'),
      draft(5, 'fern-study.jpg'),
      draft(9, 'night_sky.png'),
    ]);
    expect(drafts.take(listing('Ocean'))?.id).toBe(3);
    // The second draft of the name is not offered: one name, one draft.
    expect(drafts.take(listing('Ocean'))).toBeUndefined();
    expect(drafts.take(listing('A Fern', 'handle:fern-study'))?.id).toBe(5);
    drafts.forget(9);
    expect(drafts.take(listing('Stars', 'title:y', ['https://x.example/night-sky.jpg']))).toBeUndefined();
    expect(drafts.take(listing('Unrelated'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeArtwork } from '#shared/catalogue/artwork.ts';
import { filterDashboard, matchesStatus, statusChanges } from './dashboard-filters';

const admin = (
  id: number,
  extra: object,
  release: { status: 'draft' | 'scheduled' | 'published' } = { status: 'published' },
) => ({
  ...normalizeArtwork({ id, ...extra }),
  release: { publishAt: null, publishedAt: null, ...release },
  googleDriveLink: null,
  privateFile: null,
  mockups: {
    enabled: true,
    firstScene: null,
    socialImage: 'picture' as const,
    status: 'none' as const,
    error: null,
    scenes: [],
  },
});
const list = [
  admin(1, { title: 'Sea Glass', category: 'nature', isFeatured: true }),
  admin(2, { title: 'City Lights', artist: 'Sea Lover', category: 'urban', isNewArrival: true }),
  admin(3, { title: 'Plain', category: 'nature' }),
  admin(4, { title: 'Both', category: 'urban', isFeatured: true, isNewArrival: true }),
  admin(5, { title: 'Sea Draft', category: 'nature' }, { status: 'draft' }),
  admin(6, { title: 'Sea Later', category: 'nature' }, { status: 'scheduled' }),
];

describe('dashboard filters', () => {
  it('treats featured and new as independent flags, regular as neither', () => {
    expect(list.filter((a) => matchesStatus(a, 'featured')).map((a) => a.id)).toEqual([1, 4]);
    expect(list.filter((a) => matchesStatus(a, 'new')).map((a) => a.id)).toEqual([2, 4]);
    expect(list.filter((a) => matchesStatus(a, 'regular')).map((a) => a.id)).toEqual([3, 5, 6]);
  });

  it('combines search on title and artist with category and status', () => {
    expect(filterDashboard(list, 'SEA', 'all', 'all').map((a) => a.id)).toEqual([1, 2, 5, 6]);
    expect(filterDashboard(list, '', 'urban', 'featured').map((a) => a.id)).toEqual([4]);
  });

  it('narrows the list to one release status', () => {
    expect(filterDashboard(list, '', 'all', 'all', 'draft').map((a) => a.id)).toEqual([5]);
    expect(filterDashboard(list, 'sea', 'all', 'all', 'scheduled').map((a) => a.id)).toEqual([6]);
    expect(filterDashboard(list, '', 'all', 'all', 'published').map((a) => a.id)).toEqual([1, 2, 3, 4]);
  });

  it('builds a bulk status change only when at least one flag changes', () => {
    expect(statusChanges('unchanged', 'unchanged')).toBeNull();
    expect(statusChanges('yes', 'unchanged')).toEqual({ isFeatured: true });
    expect(statusChanges('no', 'yes')).toEqual({ isFeatured: false, isNewArrival: true });
  });
});

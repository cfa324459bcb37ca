import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';

export type StatusFilter = 'all' | 'featured' | 'new' | 'regular';
/** The release filter: every artwork, or only drafts, scheduled or published ones. */
export type ReleaseFilter = 'all' | AdminArtwork['release']['status'];

/** Featured and new arrival are independent; 'Regular' means neither. */
export function matchesStatus(
  artwork: Pick<AdminArtwork, 'isFeatured' | 'isNewArrival'>,
  status: StatusFilter,
): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'featured':
      return artwork.isFeatured;
    case 'new':
      return artwork.isNewArrival;
    case 'regular':
      return !artwork.isFeatured && !artwork.isNewArrival;
  }
}

export function filterDashboard(
  artworks: readonly AdminArtwork[],
  search: string,
  category: string,
  status: StatusFilter,
  release: ReleaseFilter = 'all',
): AdminArtwork[] {
  const needle = search.trim().toLowerCase();
  return artworks.filter(
    (a) =>
      (!needle ||
        a.title.toLowerCase().includes(needle) ||
        a.artist.toLowerCase().includes(needle) ||
        a.tags.some((t) => t.toLowerCase().includes(needle))) &&
      (category === 'all' || a.category === category) &&
      matchesStatus(a, status) &&
      (release === 'all' || a.release.status === release),
  );
}

/** A bulk flag choice: leave it, set it, or clear it. */
export type FlagChoice = 'unchanged' | 'yes' | 'no';

export function statusChanges(
  featured: FlagChoice,
  newArrival: FlagChoice,
): { isFeatured?: boolean; isNewArrival?: boolean } | null {
  const changes: { isFeatured?: boolean; isNewArrival?: boolean } = {};
  if (featured !== 'unchanged') changes.isFeatured = featured === 'yes';
  if (newArrival !== 'unchanged') changes.isNewArrival = newArrival === 'yes';
  return Object.keys(changes).length > 0 ? changes : null;
}

import { familiesOfPalette, ORIENTATIONS, orientationMatches, parsePalette } from '#shared/catalogue/browse-facets.ts';
import type { CatalogQuery } from '#shared/catalogue/catalogue-query-schema.ts';
import { framesFilled } from '#shared/catalogue/frames-filled.ts';
import { offeredRatios } from '#shared/prints/master-print-sizes.ts';
import type { ArtworkRow } from '../../../db/schema';

// The values of artwork_facets (migration 0016): one per colour family, orientation filter and frame an artwork is
// listed under. The rules are those of shared/browse-facets.ts; the shop's filters look the values up as they are.

/** What an artwork's facets are worked out from; a change to any of these columns must sync its facets. */
export const FACET_COLUMNS = ['palette', 'orientation', 'master_width', 'master_height', 'print_ratios'] as const;
export type FacetSource = Pick<ArtworkRow, (typeof FACET_COLUMNS)[number]>;

/**
 * Bumped whenever the rules change (a colour family's share, a new frame size…): the next start works out every
 * artwork's facets again (sync-catalogue-facets.ts). The stored palette keeps each colour's family, so a change in
 * how colours are named needs the palettes read again instead.
 */
export const FACET_RULES_VERSION = '1';

/** The values an artwork is listed under: its colour families, its orientation filters, the frames it fills. */
export function facetsOfArtwork(row: FacetSource): string[] {
  const colors = familiesOfPalette(parsePalette(row.palette)).map((family) => `color:${family}`);
  const { orientation } = row;
  const orientations = orientation
    ? ORIENTATIONS.filter((wanted) => orientationMatches(wanted, orientation)).map((wanted) => `orientation:${wanted}`)
    : [];
  // A master whose size is not known yet fills no frame: its print sizes cannot be promised.
  const master = row.master_width && row.master_height ? { width: row.master_width, height: row.master_height } : null;
  const frames = master ? framesFilled(master, offeredRatios(row.print_ratios)).map((frame) => `frame:${frame}`) : [];
  return [...new Set([...colors, ...orientations, ...frames])];
}

/** The facet values a shop query asks for (each one narrows the list: an artwork must have all of them). */
export function facetsOfQuery(filters: Pick<CatalogQuery, 'color' | 'orientation' | 'frame'>): string[] {
  const wanted: string[] = [];
  if (filters.color) wanted.push(`color:${filters.color}`);
  if (filters.orientation) wanted.push(`orientation:${filters.orientation}`);
  if (filters.frame) wanted.push(`frame:${filters.frame}`);
  return wanted;
}

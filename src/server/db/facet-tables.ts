// The browsing facets' table (migration 0016), kept apart from schema.ts, which names it in `Database`.

/**
 * One value an artwork is listed under by the shop's colour, orientation and frame filters: 'color:blue',
 * 'orientation:landscape', 'frame:8x10'. Written only by modules/artworks/facets/sync-artwork-facets.ts.
 */
export interface ArtworkFacetsTable {
  facet: string;
  artwork_id: number;
}

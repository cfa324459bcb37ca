/**
 * How many artworks a gallery wall takes. Its own file: the pages' "Plan a gallery wall" button needs this alone,
 * and the layout rules stay in the planner's lazy chunk.
 */
export const GALLERY_PIECES = { min: 2, max: 12 } as const;

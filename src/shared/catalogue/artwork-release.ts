/**
 * An artwork's release: a draft is the owner's only, a scheduled one goes live at its time, a published one is in
 * the shop. Only published artworks reach anything a visitor or a search engine sees.
 */
export const ARTWORK_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

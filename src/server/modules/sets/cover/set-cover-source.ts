import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import type { ArtworkRow } from '../../../db/schema';
import { rowToArtwork } from '../../artworks';

// What a set's gallery-wall cover is drawn from: each piece's largest public rendition, in the set's order. The
// cover is current while this is what it was drawn from; a piece added, removed, moved or given a new picture makes
// another source, and so a new cover.

/** Each piece's largest rendition, in order; null when a piece has no picture (no cover can be drawn). */
export function coverPicturesOf(pieces: readonly ArtworkRow[]): ImageRendition[] | null {
  const pictures = pieces.map((row) => [...rowToArtwork(row).images].sort((a, b) => b.width - a.width)[0]);
  return pictures.every((picture) => picture !== undefined) ? pictures : null;
}

/** The source as the set and its job keep it: the pictures' addresses, in order. */
export function coverSourceOf(pieces: readonly ArtworkRow[]): string | null {
  const pictures = coverPicturesOf(pieces);
  return pictures && pictures.length > 0 ? JSON.stringify(pictures.map((picture) => picture.url)) : null;
}

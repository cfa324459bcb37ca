import type { Kysely } from 'kysely';
import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import type { Sides } from '#shared/prints/framing.ts';
import { GALLERY_MESSAGES } from '#shared/prints/gallery-wall.ts';
import type { GalleryGuideBody } from '#shared/prints/gallery-wall-schema.ts';
import { wallSizeChoice } from '#shared/prints/wall-sizes.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError, type FieldDetails } from '../../errors';
import { findVisibleArtworksByIds, printFactsOf } from '../artworks';

export interface GuidePiece {
  title: string;
  artist: string;
  /** The size's name in both units, as the planner lists it: '8 × 10 in (20.3 × 25.4 cm)'. */
  sizeLabel: string;
  /** The print's sides in inches, the way up the artwork is. */
  print: Sides;
}

function imagesOf(json: string | null): ImageRendition[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(parsed) ? (parsed as ImageRendition[]) : [];
  } catch {
    return [];
  }
}

/**
 * Each piece's artwork and print size, read from the database: an artwork visitors may see, and a size among
 * those the planner offers it (its print pack's, or while its master is unread the common sizes of its picture's
 * ratio: the same `wallSizeChoice` the dialog lists). A piece that is neither is refused, naming its field.
 */
export async function guidePieces(db: Kysely<Database>, pieces: GalleryGuideBody['pieces']): Promise<GuidePiece[]> {
  const rows = await findVisibleArtworksByIds(db, [...new Set(pieces.map((piece) => piece.artworkId))]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: FieldDetails = {};
  const found = pieces.map((piece, index) => {
    const row = byId.get(piece.artworkId);
    if (!row) {
      problems[`pieces.${index}.artworkId`] = [GALLERY_MESSAGES.unknownArtwork];
      return null;
    }
    const choice = wallSizeChoice({ printSizes: printFactsOf(row).printSizes, images: imagesOf(row.images) });
    const size = choice.groups.flatMap((group) => group.sizes).find((candidate) => candidate.id === piece.size);
    if (!size) {
      problems[`pieces.${index}.size`] = [GALLERY_MESSAGES.unknownSize];
      return null;
    }
    return { title: row.title, artist: row.artist, sizeLabel: size.label, print: size.sides };
  });
  if (Object.keys(problems).length > 0) throw new InvalidInputError(GALLERY_MESSAGES.invalid, problems);
  return found as GuidePiece[];
}

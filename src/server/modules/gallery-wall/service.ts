import type { Kysely } from 'kysely';
import {
  galleryProblems,
  planGalleryWall,
  type GallerySettings,
  GALLERY_MESSAGES,
} from '#shared/prints/gallery-wall.ts';
import type { GalleryGuideBody } from '#shared/prints/gallery-wall-schema.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError, type FieldDetails } from '../../errors';
import { guideText } from './guide-lines';
import { guidePdf } from './guide-pdf';
import { guidePieces } from './pieces';

export interface GalleryWallDeps {
  db: Kysely<Database>;
  storeName: string;
}

/**
 * The hanging guide of an arrangement: the pieces and their sizes checked against the database, then planned by
 * the same shared module the planner draws with, and printed. A plan that cannot be hung (a hook below a frame's
 * bottom, an arrangement reaching the floor) is refused naming its field, as the planner shows it.
 */
export async function hangingGuidePdf(deps: GalleryWallDeps, body: GalleryGuideBody): Promise<Buffer> {
  const pieces = await guidePieces(deps.db, body.pieces);
  const { layout, frame, mat, unit, gap, centreHeight, hookDrop } = body;
  const settings: GallerySettings = { layout, frame, mat, unit, gap, centreHeight, hookDrop };
  const plan = planGalleryWall(
    pieces.map((piece) => piece.print),
    settings,
  );
  const problems = Object.entries(galleryProblems(plan, settings));
  if (problems.length > 0) {
    const details: FieldDetails = Object.fromEntries(problems.map(([field, message]) => [field, [message!]]));
    throw new InvalidInputError(GALLERY_MESSAGES.invalid, details);
  }
  return guidePdf(guideText(pieces, plan, settings), plan.hanging, deps.storeName);
}

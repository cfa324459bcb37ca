import { z } from 'zod';
import { FRAME_STYLES } from './framing';
import { GALLERY_LAYOUTS } from './gallery-layout';
import { GALLERY_MESSAGES as M, GALLERY_PIECES, GALLERY_RANGES } from './gallery-wall';
import { WALL_UNITS } from './wall-units';

/** One piece of a gallery wall: an artwork and the name of one of its print sizes ('8 × 10 in', 'A4'). */
const galleryPieceSchema = z.object({
  artworkId: z.number().int().positive().max(2_147_483_647),
  size: z.string().trim().min(1).max(40),
});

/**
 * POST /api/gallery-wall/guide: the arrangement to print as a hanging guide. Lengths are in `unit`; each one's
 * limits depend on it, so they are checked once the unit is known, each naming its own field.
 */
export const galleryGuideBodySchema = z
  .object({
    pieces: z.array(galleryPieceSchema).min(GALLERY_PIECES.min, M.pieces).max(GALLERY_PIECES.max, M.pieces),
    layout: z.enum(GALLERY_LAYOUTS),
    frame: z.enum(FRAME_STYLES),
    mat: z.boolean(),
    unit: z.enum(WALL_UNITS),
    gap: z.number(),
    centreHeight: z.number(),
    hookDrop: z.number(),
  })
  .superRefine((body, ctx) => {
    for (const field of ['gap', 'centreHeight', 'hookDrop'] as const) {
      const [low, high] = GALLERY_RANGES[field][body.unit];
      const value = body[field];
      if (!(value >= low && value <= high)) {
        ctx.addIssue({ code: 'custom', path: [field], message: M.range(field, body.unit) });
      }
    }
  });
export type GalleryGuideBody = z.infer<typeof galleryGuideBodySchema>;

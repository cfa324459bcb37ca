import { z } from 'zod';
import { toCents } from '../money/money';
import { imageRenditionSchema } from '../catalogue/artwork-schema';
import { licenceTierSchema } from '../licences/licence-schema';
import { SHOWN_JOB_STATUSES } from '../jobs/job-status';
import { withoutNul } from '../store/plain-text-schema';
import { SET_COVER_KINDS } from './set-cover';
import { SET_LIMITS, SET_MESSAGES } from './sets';

// The owner's body for a set, and the answers about sets, for visitors and the owner. Prices in answers are in the
// store's currency (dollars), as the catalogue's are; the server works in cents.

const MAX_SET_PRICE = 100_000;

const artworkId = z.number().int().positive().max(2_147_483_647);

export const setWriteSchema = z
  .object({
    title: withoutNul(z.string().trim().min(1, 'Give the set a title.').max(SET_LIMITS.titleMax), 'The title'),
    description: withoutNul(z.string().trim().max(SET_LIMITS.descriptionMax), 'The description').default(''),
    /** The pieces, in the order the set shows them. */
    artworkIds: z
      .array(artworkId)
      .min(SET_LIMITS.minPieces, SET_MESSAGES.piecesRange)
      .max(SET_LIMITS.maxPieces, SET_MESSAGES.piecesRange)
      .refine((ids) => new Set(ids).size === ids.length, SET_MESSAGES.duplicatePiece),
    /** The set's Personal price; or percentOff. */
    price: z
      .number({ error: 'The price must be a number' })
      .positive('The price must be above zero')
      .max(MAX_SET_PRICE, `The price must be at most ${MAX_SET_PRICE}`)
      .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, 'The price can have at most two decimals')
      .nullable()
      .default(null),
    percentOff: z
      .number({ error: 'The percentage must be a number' })
      .int('The percentage must be a whole number')
      .min(1, 'The percentage must be at least 1')
      .max(SET_LIMITS.maxPercentOff, `The percentage must be at most ${SET_LIMITS.maxPercentOff}`)
      .nullable()
      .default(null),
    /** The piece whose picture is the cover; null: the first piece's. */
    coverArtworkId: artworkId.nullable().default(null),
    /** 'mockup': the store draws the pieces on a gallery wall (decision 0073); coverArtworkId is then not used. */
    coverKind: z.enum(SET_COVER_KINDS, { error: 'The cover must be "piece" or "mockup".' }).default('piece'),
  })
  .refine((set) => (set.price === null) !== (set.percentOff === null), {
    message: SET_MESSAGES.onePrice,
    path: ['price'],
  })
  .refine((set) => set.coverArtworkId === null || set.artworkIds.includes(set.coverArtworkId), {
    message: SET_MESSAGES.coverNotAPiece,
    path: ['coverArtworkId'],
  });
export type SetWrite = z.infer<typeof setWriteSchema>;

export const setIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A piece as a set's page shows it. */
export const setPieceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  previewUrl: z.string().nullable(),
  imageUrl: z.string(),
  images: z.array(imageRenditionSchema),
  /** Its own Personal price now; null when it is not offered (the set is then off sale). */
  price: z.number().nullable(),
});

const setPriceSchema = z.object({ price: z.number(), sum: z.number() }).nullable();

export const artworkSetSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /**
   * The picture that stands for the set: a piece's (artworkId), or the gallery-wall mockup the store drew (mockup
   * true, artworkId null).
   */
  cover: z
    .object({
      artworkId: z.number().int().nullable(),
      mockup: z.boolean(),
      imageUrl: z.string(),
      images: z.array(imageRenditionSchema),
    })
    .nullable(),
  pieces: z.array(setPieceSchema),
  /** The set's prices now (decision 0067); null where a licence is not offered. */
  personal: setPriceSchema,
  commercial: setPriceSchema,
  percentOff: z.number().int().nullable(),
  /** False: a piece is deleted, unpublished or can no longer be in a set; `problems` says which (the owner's). */
  onSale: z.boolean(),
});
export type ArtworkSet = z.infer<typeof artworkSetSchema>;

export const setListSchema = z.object({ items: z.array(artworkSetSchema) });
export type SetList = z.infer<typeof setListSchema>;

/** The owner's view: what keeps a set off sale, each in the owner's words. */
export const ownerSetSchema = artworkSetSchema.extend({
  artworkIds: z.array(z.number().int().nullable()),
  problems: z.array(z.string()),
  setPrice: z.number().nullable(),
  coverArtworkId: z.number().int().nullable(),
  coverKind: z.enum(SET_COVER_KINDS),
  /** The mockup cover's job: 'ready' once it is the cover, 'none' when the cover is a piece's picture. */
  coverStatus: z.enum(SHOWN_JOB_STATUSES),
});
export type OwnerSet = z.infer<typeof ownerSetSchema>;
export const ownerSetListSchema = z.object({ items: z.array(ownerSetSchema) });

/** A set's id in a path, as visitors' links carry it: anything that is not one is a 404, as an unknown id is. */
export const setPathParamsSchema = z.object({ id: z.string().max(40) });

/** A set in the cart: one line of quantity 1, under one licence; the server splits it into its pieces' lines. */
export const setCartItemSchema = z.object({
  setId: z.number({ error: 'The set must be a number' }).int().positive().max(2_147_483_647),
  licence: licenceTierSchema.default('personal'),
});
export type SetCartItem = z.infer<typeof setCartItemSchema>;

/** What completing the set costs a buyer under one licence (decision 0070); null where the licence is not offered. */
const setCompletionPriceSchema = z
  .object({
    /** How many of the set's pieces the buyer owns under the licence. */
    owned: z.number().int(),
    /** What the missing pieces cost them together; null when they own every piece. */
    price: z.number().nullable(),
    /** The whole set's price under the licence. */
    setPrice: z.number(),
  })
  .nullable();

/** GET /api/sets/:id/completion: the signed-in buyer's price for the rest of a set. */
export const setCompletionSchema = z.object({
  pieces: z.number().int(),
  personal: setCompletionPriceSchema,
  commercial: setCompletionPriceSchema,
});
export type SetCompletionAnswer = z.infer<typeof setCompletionSchema>;

import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { COLOR_FAMILIES } from './browse-facets';
import { CATEGORY_IDS } from './categories';
import { licencePricesSchema } from '../licences/licence-schema';
import { MOCKUP_SCENES } from './mockup-scenes';
import { ratioPrintSizesSchema } from '../prints/print-sizes-schema';

/** One server-made size of the preview image, for `srcset`. */
export const imageRenditionSchema = z.object({
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageRendition = z.infer<typeof imageRenditionSchema>;

export const mediaItemSchema = z.object({
  type: z.enum(['image', 'video']),
  url: withoutNul(z.string().min(1), 'A media address'),
  /**
   * Set on a room mockup the store made (after the main picture, and the owner's own media): the room it shows.
   * The owner's write API ignores such entries (the store makes them).
   */
  mockup: z.enum(MOCKUP_SCENES).optional(),
  /** A mockup's renditions, narrowest first, for `srcset`. */
  images: z.array(imageRenditionSchema).optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const SOCIAL_IMAGES = ['picture', 'mockup'] as const;
export type SocialImage = (typeof SOCIAL_IMAGES)[number];

/** An artwork as the public API returns it: every field present, defaults applied, no private file locations. */
export const artworkSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  artist: z.string(),
  price: z.number(),
  /** The owner's compare-at price, shown struck through when the artwork is not on sale. */
  originalPrice: z.number().nullable(),
  /** The price under a live automatic sale (what the cart charges); null when none covers the artwork. */
  salePrice: z.number().nullable(),
  /**
   * With a sale price: the lowest price of the 30 days before the sale started, to strike through (EU Omnibus
   * rule); null when the sale does not go below it, and when there is no sale price.
   */
  wasPrice: z.number().nullable(),
  description: z.string(),
  category: z.enum(CATEGORY_IDS),
  tags: z.array(z.string()),
  imageUrl: z.string(),
  previewUrl: z.string().nullable(),
  highResImageUrl: z.string(),
  images: z.array(imageRenditionSchema),
  dimensions: z.string(),
  format: z.string(),
  isNewArrival: z.boolean(),
  isFeatured: z.boolean(),
  downloadCount: z.number().int().min(0),
  media: z.array(mediaItemSchema),
  /**
   * The licences it is sold under and their prices in the store's currency (null: not offered). `price` is the first offered
   * one's (Personal's when offered), so lists and cards show what the artwork starts at.
   */
  licences: licencePricesSchema,
  /**
   * Pay what you want: the buyer chooses the amount, at least `minimum` (0: free allowed), starting at `suggested`
   * (which is also `licences.personal`, the only licence offered); `price` is then the minimum. null: fixed prices.
   */
  payWhatYouWant: z.object({ minimum: z.number(), suggested: z.number() }).nullable(),
  createdAt: z.string(),
  /**
   * The approved reviews of verified buyers: their average (one decimal) and count; null while there are none. It
   * comes with the catalogue's answer, so a card shows its stars without a request of its own.
   */
  rating: z.object({ average: z.number(), count: z.number().int().min(1) }).nullable(),
});
export type Artwork = z.infer<typeof artworkSchema>;

export const artworkDetailSchema = artworkSchema.extend({
  relatedArtworks: z.array(artworkSchema),
  /**
   * What the print pack's files print at, per offered ratio, from the master's size; empty while that size is not
   * known (no image master, or none read yet).
   */
  printSizes: z.array(ratioPrintSizesSchema),
  /**
   * The picture Pinterest pins: a 2:3 image (1000 × 1500) cut from the master, an absolute address; null until the
   * print pack has made it (the main picture is pinned then).
   */
  pinImageUrl: z.string().nullable(),
  /** Up to five dominant colours, heaviest first, each with its colour family; empty until the picture is read. */
  palette: z.array(z.object({ hex: z.string(), weight: z.number(), family: z.enum(COLOR_FAMILIES) })),
  /** What the page's share tags show: the picture, or its first room mockup (when the public sees any). */
  socialImage: z.enum(SOCIAL_IMAGES),
});
export type ArtworkDetail = z.infer<typeof artworkDetailSchema>;

/** The raw path segment: '12abc' or '0' is a plain 'not found' (see parseArtworkId), not a validation error. */
export const artworkIdParamsSchema = z.object({ id: z.string() });

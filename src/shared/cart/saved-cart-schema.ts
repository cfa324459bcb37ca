import { z } from 'zod';
import { artworkSchema } from '../catalogue/artwork-schema';
import { licenceTierSchema } from '../licences/licence-schema';
import { CHECKOUT_MESSAGES, MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../orders/checkout';
import { artworkSetSchema } from '../sets/set-schema';
import { MAX_FAVORITES } from './saved-cart';

// The signed-in buyer's cart and favourites on the server (decision 0077): what a browser sends and gets back.

const idSchema = (what: string) =>
  z
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .positive()
    .max(2_147_483_647);

export const savedLineSchema = z.object({
  kind: z.enum(['artwork', 'set'], { error: "The kind must be 'artwork' or 'set'." }),
  id: idSchema('id'),
  licence: licenceTierSchema,
  quantity: z
    .number({ error: CHECKOUT_MESSAGES.quantityRange })
    .int(CHECKOUT_MESSAGES.quantityRange)
    .min(1, CHECKOUT_MESSAGES.quantityRange)
    .max(MAX_LINE_QUANTITY, CHECKOUT_MESSAGES.quantityRange),
  /** A pay-what-you-want artwork's chosen amount in cents (ignored for any other line). */
  amountCents: z
    .number({ error: 'The amount must be a number of cents.' })
    .int('The amount must be a whole number of cents.')
    .min(0, 'The amount cannot be negative.')
    .max(100_000_000, 'The amount is too large.')
    .nullable()
    .default(null),
});

const linesSchema = z.array(savedLineSchema).max(MAX_ORDER_LINES, `A cart holds at most ${MAX_ORDER_LINES} lines.`);
const favoritesSchema = z.array(idSchema('artwork id')).max(MAX_FAVORITES, `At most ${MAX_FAVORITES} favourites.`);

/** PUT /api/account/cart: the browser's whole cart, which replaces the account's. */
export const savedCartBodySchema = z.object({ lines: linesSchema });
/** PUT /api/account/favorites: the browser's favourites, which replace the account's. */
export const savedFavoritesBodySchema = z.object({ favorites: favoritesSchema });
/** POST /api/account/cart/merge: what the browser held before signing in, merged into the account's. */
export const cartMergeBodySchema = z.object({ lines: linesSchema, favorites: favoritesSchema });

export type SavedCartBody = z.input<typeof savedCartBodySchema>;
export type SavedFavoritesBody = z.input<typeof savedFavoritesBodySchema>;
export type CartMergeBody = z.input<typeof cartMergeBodySchema>;

/**
 * The account's cart and favourites as the server holds them, each line with what the cart shows: the artwork (its
 * prices today) or the set on sale. Lines whose artwork or set is no longer for sale are left out (and dropped).
 */
export const savedCartSchema = z.object({
  lines: z.array(
    z.object({
      artwork: artworkSchema,
      licence: licenceTierSchema,
      quantity: z.number().int(),
      amountCents: z.number().int().nullable(),
    }),
  ),
  sets: z.array(z.object({ set: artworkSetSchema, licence: licenceTierSchema })),
  favorites: z.array(artworkSchema),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

/** How large a CSV the store reads: Etsy's and Shopify's exports of a few thousand listings stay far below. */
export const IMPORT_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** Rows read from one CSV at most (Shopify counts one row per image and variant). */
export const IMPORT_MAX_ROWS = 20_000;
/** Listings one CSV may bring: beyond it the owner splits the file. */
export const IMPORT_MAX_LISTINGS = 2_000;
/** Images fetched per listing: Etsy has IMAGE1…IMAGE10; the first becomes the picture, the others its media. */
export const IMPORT_MAX_IMAGES = 10;

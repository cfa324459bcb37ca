// The store's own stock pictures (made by scripts/build/make-stock-images.ts, served from /stock): they fill up the
// hero's 25 pictures, and stand in for a picture that fails to load.

export const STOCK_IMAGE_COUNT = 25;
export const STOCK_IMAGE_WIDTH = 800;
export const STOCK_IMAGE_HEIGHT = 1000;

export const stockImageUrl = (index: number) =>
  `/stock/stock-${String((index % STOCK_IMAGE_COUNT) + 1).padStart(2, '0')}.svg`;

/** A card whose picture failed shows the stock picture chosen by the first character of the artwork's id. */
export const stockImageFor = (artworkId: number | string) => stockImageUrl(String(artworkId).charCodeAt(0));

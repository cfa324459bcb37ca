// The buyer's downloads: formats and texts shared by the pages and the API. No zod here; the answers' shapes are the
// types of their schemas (downloads-schema.ts). Which orders may be downloaded, and why the others may not, is the
// order's lifecycle's (order-lifecycle.ts).

export const DOWNLOAD_FORMATS = ['png', 'jpg'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The formats an artwork's Format field offers ('PNG, JPG' → png and jpg; 'JPEG' counts as jpg), in a fixed order. */
export function formatsOf(formatField: string): DownloadFormat[] {
  const words = new Set(
    formatField
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .map((word) => (word === 'jpeg' ? 'jpg' : word)),
  );
  return DOWNLOAD_FORMATS.filter((format) => words.has(format));
}

export const DOWNLOAD_MESSAGES = {
  notFound: 'Download not found',
  limitReached: (limit: number) =>
    `You have downloaded this artwork ${limit} times, the most allowed. Please contact us if you need it again.`,
  formatNotOffered: 'This artwork is not offered in that format.',
  noFile: 'Download link not available',
} as const;

/** The whole set's ZIP: each refusal names the piece it is about, so the buyer knows which one to look at. */
export const SET_ZIP_MESSAGES = {
  notInSet: 'This artwork was not bought as part of a set.',
  limitReached: (title: string, limit: number) =>
    `You have downloaded “${title}” ${limit} times, the most allowed, so the whole set cannot be downloaded again. Please contact us if you need it.`,
  preparing: (title: string) =>
    `The print pack of “${title}” is still being prepared. Please try again in a few minutes.`,
  noFile: (title: string) => `“${title}” has no file to put in the set’s ZIP.`,
} as const;

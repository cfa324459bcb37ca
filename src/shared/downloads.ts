// The buyer's downloads: formats and texts shared by the pages and the API. No zod here; the answers' shapes are the
// types of their schemas (downloads-schema.ts). Which orders may be downloaded, and why the others may not, is the
// order's lifecycle's (order-lifecycle.ts).

export const DOWNLOAD_FORMATS = ['png', 'jpg'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_MESSAGES = {
  notFound: 'Download not found',
  limitReached: (limit: number) =>
    `You have downloaded this artwork ${limit} times, the most allowed. Please contact us if you need it again.`,
  formatNotOffered: 'This artwork is not offered in that format.',
  noFile: 'Download link not available',
} as const;

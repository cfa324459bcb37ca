// Reading an artwork from anywhere (database row, local storage, an older client) with every default filled in.
// Kept apart from the zod schemas in artwork-schema.ts so the browser can use it without loading a validation library.
import type { Artwork, ImageRendition, MediaItem } from './artwork-schema';
import { deriveCategoryId } from './category-derivation';
import { isMockupScene } from './mockup-scenes';

/** The largest id either database stores (a 32-bit integer column). */
const MAX_ID = 2_147_483_647;

/** An artwork id as it appears in a URL: '12' yes; '012', '0', '12abc', '1e3' or past MAX_ID no (null: 'not found'). */
export function parseArtworkId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** Shown when an artwork has no image at all; a local file, never a remote stock image. */
export const PLACEHOLDER_IMAGE_URL = '/placeholder-artwork.svg';

export const ARTWORK_DEFAULTS = {
  title: 'Untitled Artwork',
  artist: 'Unknown Artist',
  price: 0,
  description: 'No description available',
  category: 'Uncategorized',
  dimensions: '1920 x 1080 px',
  format: 'PNG, JPG',
  downloadCount: 0,
} as const;

/** What may arrive from storage or an older client: any field missing, null or loosely typed. */
export interface RawArtwork {
  id: number;
  title?: string | null;
  artist?: string | null;
  price?: number | string | null;
  originalPrice?: number | string | null;
  description?: string | null;
  category?: string | null;
  tags?: readonly string[] | null;
  imageUrl?: string | null;
  previewUrl?: string | null;
  highResImageUrl?: string | null;
  images?: readonly ImageRendition[] | null;
  dimensions?: string | null;
  format?: string | null;
  isNewArrival?: boolean | number | null;
  isFeatured?: boolean | number | null;
  downloadCount?: number | null;
  /** An entry with `mockup` is a room mockup the store made (with its renditions in `images`); the rest, the owner's. */
  media?: ReadonlyArray<string | RawMediaEntry> | null;
  /** Absent (an older stored copy): the personal licence at `price`, as every artwork was sold before tiers. */
  licences?: { personal?: number | string | null; commercial?: number | string | null } | null;
  /** Pay what you want: the least a buyer may pay and the amount suggested; absent or null: fixed prices. */
  payWhatYouWant?: { minimum?: number | string | null; suggested?: number | string | null } | null;
  createdAt?: string | Date | null;
  /** The approved reviews' average and count; absent or null: none yet. */
  rating?: { average: number; count: number } | null;
}

export interface RawMediaEntry {
  type?: string | null;
  url?: string | null;
  mockup?: string | null;
  images?: readonly ImageRendition[] | null;
}

function text(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function number(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** No licence at all (an older or a damaged copy) is read as the personal licence at `price`. */
function licencesOf(raw: RawArtwork['licences'], price: number): Artwork['licences'] {
  const personal = number(raw?.personal);
  const commercial = number(raw?.commercial);
  return personal === null && commercial === null ? { personal: price, commercial: null } : { personal, commercial };
}

/** Pay what you want only when both amounts read as numbers: a damaged copy falls back to the fixed price. */
function payWhatYouWantOf(raw: RawArtwork['payWhatYouWant']): Artwork['payWhatYouWant'] {
  const minimum = number(raw?.minimum);
  const suggested = number(raw?.suggested);
  return minimum === null || suggested === null ? null : { minimum, suggested };
}

/**
 * Media: the owner's first, plain strings being images; else the artwork's picture once (imageUrl, else
 * highResImageUrl); else the placeholder. Then the room mockups (entries marked `mockup`, images only, each with
 * its renditions for srcset), wherever they were in the list: the main picture always comes first.
 */
export function normalizeMedia(
  media: RawArtwork['media'],
  imageUrl: string | null,
  highResImageUrl: string | null,
): MediaItem[] {
  const items: MediaItem[] = [];
  const mockups: MediaItem[] = [];
  for (const entry of media ?? []) {
    if (typeof entry === 'string') {
      if (entry.trim()) items.push({ type: 'image', url: entry.trim() });
    } else if (entry?.url?.trim()) {
      const url = entry.url.trim();
      if (entry.mockup == null) items.push({ type: entry.type === 'video' ? 'video' : 'image', url });
      else if (isMockupScene(entry.mockup))
        mockups.push({ type: 'image', url, mockup: entry.mockup, images: sortedRenditions(entry.images) });
    }
  }
  // imageUrl and highResImageUrl are two sizes of one picture (the store makes both from one preview upload):
  // shown once, at the size made for showing (decision 0036).
  if (items.length === 0) items.push({ type: 'image', url: imageUrl ?? highResImageUrl ?? PLACEHOLDER_IMAGE_URL });
  return [...items, ...mockups];
}

const sortedRenditions = (images: RawMediaEntry['images']): ImageRendition[] =>
  [...(images ?? [])].sort((a, b) => a.width - b.width);

/** Applies every default (ARTWORK_DEFAULTS) and image fallback so that screens never have to. */
export function normalizeArtwork(raw: RawArtwork): Artwork {
  const tags = (raw.tags ?? []).map((t) => t.trim()).filter(Boolean);
  const previewUrl = optionalText(raw.previewUrl);
  const ownImageUrl = optionalText(raw.imageUrl) ?? previewUrl;
  const ownHighResUrl = optionalText(raw.highResImageUrl) ?? ownImageUrl;
  const createdAt = raw.createdAt instanceof Date ? raw.createdAt.toISOString() : (raw.createdAt ?? '');

  const price = number(raw.price) ?? ARTWORK_DEFAULTS.price;
  return {
    id: raw.id,
    title: text(raw.title, ARTWORK_DEFAULTS.title),
    artist: text(raw.artist, ARTWORK_DEFAULTS.artist),
    price,
    originalPrice: number(raw.originalPrice),
    // Only the catalogue's answers carry a sale price, set by the server for the sales live as it answers: a stored
    // or older copy of an artwork never shows one that may have ended.
    salePrice: null,
    wasPrice: null,
    description: text(raw.description, ARTWORK_DEFAULTS.description),
    category: deriveCategoryId({ category: text(raw.category, ARTWORK_DEFAULTS.category), tags }),
    tags,
    imageUrl: ownImageUrl ?? PLACEHOLDER_IMAGE_URL,
    previewUrl,
    highResImageUrl: ownHighResUrl ?? PLACEHOLDER_IMAGE_URL,
    images: sortedRenditions(raw.images),
    dimensions: text(raw.dimensions, ARTWORK_DEFAULTS.dimensions),
    format: text(raw.format, ARTWORK_DEFAULTS.format),
    isNewArrival: Boolean(raw.isNewArrival),
    isFeatured: Boolean(raw.isFeatured),
    downloadCount: Math.max(0, Math.trunc(number(raw.downloadCount) ?? ARTWORK_DEFAULTS.downloadCount)),
    media: normalizeMedia(raw.media, ownImageUrl, ownHighResUrl),
    licences: licencesOf(raw.licences, price),
    payWhatYouWant: payWhatYouWantOf(raw.payWhatYouWant),
    createdAt,
    rating: raw.rating && raw.rating.count > 0 ? { average: raw.rating.average, count: raw.rating.count } : null,
  };
}

import type { Artwork, ImageRendition } from '../../shared/catalogue/artwork-schema';
import { normalizeArtwork, type RawArtwork } from '../../shared/catalogue/artwork';

// Local storage holds whatever this or an older version of the store wrote, or what someone typed into it. An
// entry is read field by field: wrong types count as missing and get the artwork defaults, so a page never meets
// a half-shaped artwork.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const numeric = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : null);
const flag = (value: unknown) => (typeof value === 'boolean' || typeof value === 'number' ? value : null);
const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isRendition = (value: unknown): value is ImageRendition =>
  isObject(value) && typeof value.url === 'string' && isPositiveInteger(value.width) && isPositiveInteger(value.height);

type RawMediaItem = NonNullable<RawArtwork['media']>[number];

function media(value: unknown): RawArtwork['media'] {
  if (!Array.isArray(value)) return null;
  return value.flatMap((entry): RawMediaItem[] => {
    if (typeof entry === 'string') return [entry];
    if (!isObject(entry)) return [];
    const item = { type: text(entry.type), url: text(entry.url) };
    // A room mockup keeps its mark and renditions (normalizeArtwork drops one of an unknown scene).
    if (typeof entry.mockup !== 'string') return [item];
    const images = Array.isArray(entry.images) ? entry.images.filter(isRendition) : null;
    return [{ ...item, mockup: entry.mockup, images }];
  });
}

/** The stored artwork with its defaults applied, or null when it has no usable id. */
export function readStoredArtwork(value: unknown): Artwork | null {
  if (!isObject(value) || !isPositiveInteger(value.id)) return null;
  return normalizeArtwork({
    id: value.id,
    title: text(value.title),
    artist: text(value.artist),
    price: numeric(value.price),
    originalPrice: numeric(value.originalPrice),
    description: text(value.description),
    category: text(value.category),
    tags: Array.isArray(value.tags) ? value.tags.filter((tag): tag is string => typeof tag === 'string') : null,
    imageUrl: text(value.imageUrl),
    previewUrl: text(value.previewUrl),
    highResImageUrl: text(value.highResImageUrl),
    images: Array.isArray(value.images) ? value.images.filter(isRendition) : null,
    dimensions: text(value.dimensions),
    format: text(value.format),
    isNewArrival: flag(value.isNewArrival),
    isFeatured: flag(value.isFeatured),
    downloadCount: typeof value.downloadCount === 'number' ? value.downloadCount : null,
    media: media(value.media),
    licences: isObject(value.licences)
      ? { personal: numeric(value.licences.personal), commercial: numeric(value.licences.commercial) }
      : null,
    payWhatYouWant: isObject(value.payWhatYouWant)
      ? { minimum: numeric(value.payWhatYouWant.minimum), suggested: numeric(value.payWhatYouWant.suggested) }
      : null,
    createdAt: text(value.createdAt),
  });
}

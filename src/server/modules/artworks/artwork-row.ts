import { normalizeArtwork } from '#shared/catalogue/artwork.ts';
import type { Artwork, ImageRendition, MediaItem, SocialImage } from '#shared/catalogue/artwork-schema.ts';
import { fromCents, toCents } from '#shared/money/money.ts';
import { roundedAverage } from '#shared/reviews/reviews.ts';
import type { MockupScene } from '#shared/catalogue/mockup-scenes.ts';
import type { ArtworkRow, ArtworkRowUpdate, NewArtworkRow } from '../../db/schema';
import { mockupMediaOf } from '../room-mockups';

function parseJsonArray<T>(value: string | null): T[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * A stored row as the public sees it. The private download link is left behind here, once for every route. The
 * room mockups are only for the artwork's own page (`withMockups`): the lists, cards and the cart never show them,
 * and six renditions an artwork would weigh on every page of the shop.
 */
export function rowToArtwork(row: ArtworkRow, { withMockups = false } = {}): Artwork {
  const personal = row.offers_personal ? fromCents(row.price_cents) : null;
  const commercial = row.commercial_price_cents === null ? null : fromCents(row.commercial_price_cents);
  return normalizeArtwork({
    id: row.id,
    title: row.title,
    artist: row.artist,
    // The "from" price of the cards: what the shop's price filter and sorts read, the cheaper licence offered.
    price: fromCents(row.lowest_price_cents),
    originalPrice: row.original_price_cents === null ? null : fromCents(row.original_price_cents),
    description: row.description,
    category: row.category,
    tags: parseJsonArray<string>(row.tags),
    imageUrl: row.image_url,
    previewUrl: row.preview_url,
    highResImageUrl: row.high_res_image_url,
    images: parseJsonArray<ImageRendition>(row.images),
    dimensions: row.dimensions,
    format: row.format,
    isNewArrival: row.is_new_arrival,
    isFeatured: row.is_featured,
    downloadCount: row.download_count,
    // The owner's media, then the room mockups: normalizeArtwork puts the picture before both.
    media: [...parseJsonArray<MediaItem>(row.media), ...(withMockups ? mockupMediaOf(row) : [])],
    licences: { personal, commercial },
    payWhatYouWant:
      row.minimum_price_cents === null
        ? null
        : { minimum: fromCents(row.minimum_price_cents), suggested: fromCents(row.price_cents) },
    createdAt: row.created_at,
    // Kept on the row by the reviews module as reviews are approved or hidden: the cards read no other table.
    rating:
      row.rating_count > 0
        ? { average: roundedAverage(row.rating_sum, row.rating_count), count: row.rating_count }
        : null,
  });
}

/** What a new artwork needs; the owner's write API and the demo seeder both build one. */
export interface ArtworkInput {
  title: string;
  artist: string;
  price: number;
  originalPrice?: number | null;
  description: string;
  category: string;
  tags: string[];
  imageUrl?: string | null;
  previewUrl?: string | null;
  highResImageUrl?: string | null;
  images?: ImageRendition[];
  media?: MediaItem[];
  dimensions: string;
  format: string;
  isNewArrival?: boolean;
  isFeatured?: boolean;
  downloadCount?: number;
  googleDriveLink?: string | null;
  /** The personal licence at `price`; absent: the column's default (offered). */
  offersPersonal?: boolean;
  /** The commercial licence's price; null: not offered. */
  commercialPrice?: number | null;
  /** Pay what you want: the least a buyer may pay (`price` is then the suggested amount); null: fixed prices. */
  minimumPrice?: number | null;
  createdAt?: string;
  /** Whether the public sees the room mockups; absent: the column's default (shown). */
  mockupsEnabled?: boolean;
  /** The scene shown first among them; null: the scenes' own order. */
  firstMockupScene?: MockupScene | null;
  socialImage?: SocialImage;
}

export function searchTextOf(input: Pick<ArtworkInput, 'title' | 'artist' | 'description' | 'tags'>): string {
  return [input.title, input.artist, input.description, ...input.tags].join('\n').toLowerCase();
}

/**
 * The columns for the fields given, and only those: a new artwork gives every field, an edit or a bulk change
 * some. The one place where a field becomes a column (cents, JSON lists, 0/1 flags).
 */
export function artworkFieldsToRow(fields: Partial<ArtworkInput>): ArtworkRowUpdate {
  const row: ArtworkRowUpdate = {};
  const set = <K extends keyof ArtworkRowUpdate>(column: K, value: ArtworkRowUpdate[K] | undefined) => {
    if (value !== undefined) row[column] = value;
  };
  const cents = (dollars: number | null | undefined) => (dollars == null ? dollars : toCents(dollars));
  const json = (list: readonly unknown[] | undefined) => (list === undefined ? undefined : JSON.stringify(list));
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : Number(value));

  set('title', fields.title);
  set('artist', fields.artist);
  set('price_cents', cents(fields.price) ?? undefined);
  set('original_price_cents', cents(fields.originalPrice));
  set('description', fields.description);
  set('category', fields.category);
  set('tags', json(fields.tags));
  set('image_url', fields.imageUrl);
  set('preview_url', fields.previewUrl);
  set('high_res_image_url', fields.highResImageUrl);
  set('images', json(fields.images));
  set('media', json(fields.media));
  set('dimensions', fields.dimensions);
  set('format', fields.format);
  set('is_new_arrival', flag(fields.isNewArrival));
  set('is_featured', flag(fields.isFeatured));
  set('download_count', fields.downloadCount);
  set('google_drive_link', fields.googleDriveLink);
  set('offers_personal', flag(fields.offersPersonal));
  set('commercial_price_cents', cents(fields.commercialPrice));
  set('minimum_price_cents', cents(fields.minimumPrice));
  set('mockups_enabled', flag(fields.mockupsEnabled));
  set('first_mockup_scene', fields.firstMockupScene);
  set('social_image', fields.socialImage);
  return row;
}

export function artworkInputToRow(input: ArtworkInput): NewArtworkRow {
  const now = input.createdAt ?? new Date().toISOString();
  const complete: Required<Omit<ArtworkInput, 'createdAt'>> = {
    ...input,
    originalPrice: input.originalPrice ?? null,
    imageUrl: input.imageUrl ?? null,
    previewUrl: input.previewUrl ?? null,
    highResImageUrl: input.highResImageUrl ?? null,
    images: input.images ?? [],
    media: input.media ?? [],
    isNewArrival: input.isNewArrival ?? false,
    isFeatured: input.isFeatured ?? false,
    downloadCount: input.downloadCount ?? 0,
    googleDriveLink: input.googleDriveLink ?? null,
    offersPersonal: input.offersPersonal ?? true,
    commercialPrice: input.commercialPrice ?? null,
    minimumPrice: input.minimumPrice ?? null,
    mockupsEnabled: input.mockupsEnabled ?? true,
    firstMockupScene: input.firstMockupScene ?? null,
    socialImage: input.socialImage ?? 'picture',
  };
  // Every field of a complete input is given, so every column of a new row is set.
  return {
    ...(artworkFieldsToRow(complete) as Omit<NewArtworkRow, 'search_text' | 'created_at' | 'updated_at'>),
    search_text: searchTextOf(input),
    created_at: now,
    updated_at: now,
  };
}

import { normalizeArtwork } from '../../../shared/artwork';
import type { Artwork, ImageRendition, MediaItem } from '../../../shared/artwork-schema';
import { fromCents, toCents } from '../../../shared/money';
import type { ArtworkRow, NewArtworkRow } from '../../db/schema';

function parseJsonArray<T>(value: string | null): T[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** A stored row as the public sees it. The private download link is left behind here, once for every route. */
export function rowToArtwork(row: ArtworkRow): Artwork {
  return normalizeArtwork({
    id: row.id,
    title: row.title,
    artist: row.artist,
    price: fromCents(row.price_cents),
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
    media: parseJsonArray<MediaItem>(row.media),
    createdAt: row.created_at,
  });
}

/** What a new artwork needs; the write API of the admin issue and the demo seeder both build one. */
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
  createdAt?: string;
}

export function searchTextOf(input: Pick<ArtworkInput, 'title' | 'artist' | 'description' | 'tags'>): string {
  return [input.title, input.artist, input.description, ...input.tags].join('\n').toLowerCase();
}

export function artworkInputToRow(input: ArtworkInput): NewArtworkRow {
  const now = input.createdAt ?? new Date().toISOString();
  return {
    title: input.title,
    artist: input.artist,
    price_cents: toCents(input.price),
    original_price_cents: input.originalPrice == null ? null : toCents(input.originalPrice),
    description: input.description,
    category: input.category,
    tags: JSON.stringify(input.tags),
    search_text: searchTextOf(input),
    image_url: input.imageUrl ?? null,
    preview_url: input.previewUrl ?? null,
    high_res_image_url: input.highResImageUrl ?? null,
    images: JSON.stringify(input.images ?? []),
    media: JSON.stringify(input.media ?? []),
    dimensions: input.dimensions,
    format: input.format,
    is_new_arrival: input.isNewArrival ? 1 : 0,
    is_featured: input.isFeatured ? 1 : 0,
    download_count: input.downloadCount ?? 0,
    google_drive_link: input.googleDriveLink ?? null,
    created_at: now,
    updated_at: now,
  };
}

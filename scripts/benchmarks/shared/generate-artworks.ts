import type { ArtworkInput } from '#server/modules/artworks/index.ts';
import { between, pick, pickSome, type Random } from '#server/demo/random.ts';
import { CATEGORIES, type Category } from '#shared/catalogue/categories.ts';
import {
  COMMON_TAGS,
  DESCRIPTION_SENTENCES,
  DIMENSIONS,
  FIRST_NAMES,
  LAST_NAMES,
  MEDIUMS,
  MOODS,
  PALETTES,
  PRICES,
  ROOMS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
} from './word-lists';

const RENDITION_WIDTHS = [400, 800, 1600] as const;
const CATALOGUE_AGE_MS = 3 * 365 * 86_400_000;

function titleFor(random: Random, category: Category): string {
  const title = `${pick(random, TITLE_ADJECTIVES)} ${pick(random, TITLE_NOUNS[category.id])}`;
  // Some titles carry a number, as series in real shops do; it also keeps titles from repeating too often.
  return random() < 0.3 ? `${title} No. ${1 + Math.floor(random() * 40)}` : title;
}

function tagsFor(random: Random, category: Category): string[] {
  const own = pickSome(random, category.tags, 2 + Math.floor(random() * 4));
  return random() < 0.5 ? [...own, pick(random, COMMON_TAGS)] : own;
}

function descriptionFor(random: Random, title: string, category: Category, tags: string[]): string {
  const values: Record<string, string> = {
    title,
    category: category.name.toLowerCase(),
    tagA: tags[0] ?? category.id,
    tagB: tags[1] ?? category.id,
    mood: pick(random, MOODS),
    room: pick(random, ROOMS),
    room2: pick(random, ROOMS),
    palette: pick(random, PALETTES),
    medium: pick(random, MEDIUMS),
  };
  const sentences = pickSome(random, DESCRIPTION_SENTENCES, 2 + Math.floor(random() * 3));
  return sentences.map((s) => s.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key)).join(' ');
}

function imagesFor(index: number) {
  return RENDITION_WIDTHS.map((width) => ({
    url: `/files/bench/artwork-${index}-${width}.webp`,
    width,
    height: Math.round((width * 5) / 4),
  }));
}

/** Cheap prints sell far more often than dear ones, so prices lean to the low end of the list. */
function priceFor(random: Random): { price: number; originalPrice: number | null } {
  const price = PRICES[Math.floor(random() ** 1.5 * PRICES.length)] ?? PRICES[0];
  const onSale = random() < 0.15;
  return { price, originalPrice: onSale ? Math.round((price + pick(random, [3, 5, 8])) * 100) / 100 : null };
}

/**
 * The index-th of `total` generated artworks. Categories rotate so each holds a tenth of the catalogue;
 * createdAt grows with the index, so 'newest' orders them as the ids do, as in a shop that only adds works.
 */
export function generateArtwork(random: Random, index: number, total: number): ArtworkInput {
  const category = CATEGORIES[index % CATEGORIES.length] as Category;
  const title = titleFor(random, category);
  const tags = tagsFor(random, category);
  const images = imagesFor(index);
  return {
    title,
    artist: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
    ...priceFor(random),
    description: descriptionFor(random, title, category, tags),
    category: category.id,
    tags,
    previewUrl: images[0]?.url,
    imageUrl: images[1]?.url,
    highResImageUrl: images[2]?.url,
    images,
    media: [{ type: 'image', url: images[2]?.url ?? '' }],
    dimensions: pick(random, DIMENSIONS),
    format: 'PNG',
    isFeatured: random() < 0.03,
    isNewArrival: index >= total * 0.98,
    // Most works are downloaded a handful of times, a few hundreds of times.
    downloadCount: Math.floor(between(random, 0, 1) ** 4 * 2000),
    createdAt: new Date(Date.now() - CATALOGUE_AGE_MS * (1 - index / total)).toISOString(),
  };
}

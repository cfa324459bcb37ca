import { CATEGORIES, type CategoryId } from '../../shared/catalogue/categories';
import { demoAspectOf, type DemoAspect } from './demo-aspects';
import { demoDimensions } from './demo-master-size';
import { demoSchemeOf, type DemoScheme } from './demo-palettes';
import type { DemoPicture } from './demo-picture';
import { between, pick, pickSome, seededRandom } from './random';

export const DEMO_ARTWORKS_PER_CATEGORY = 6;
/** A second view is drawn from the artwork's seed plus this (no artwork's seed: six a category, 100 apart). */
const VARIATION_SEED_OFFSET = 50;

const TITLE_WORDS: Record<CategoryId, { first: string[]; second: string[] }> = {
  nature: {
    first: ['Golden', 'Misty', 'Alpine', 'Quiet', 'Evening', 'Northern'],
    second: ['Peaks', 'Valley', 'Ridge', 'Horizon', 'Summit', 'Highlands'],
  },
  abstract: {
    first: ['Chromatic', 'Fluid', 'Electric', 'Soft', 'Radiant', 'Drifting'],
    second: ['Bloom', 'Currents', 'Reverie', 'Echoes', 'Pulse', 'Haze'],
  },
  urban: {
    first: ['Midnight', 'Neon', 'Downtown', 'Harbour', 'Rooftop', 'Metro'],
    second: ['Skyline', 'Avenue', 'Lights', 'District', 'Towers', 'Nights'],
  },
  botanical: {
    first: ['Monstera', 'Fern', 'Palm', 'Eucalyptus', 'Garden', 'Wild'],
    second: ['Study', 'Fronds', 'Leaves', 'Sprigs', 'Greenery', 'Bouquet'],
  },
  geometric: {
    first: ['Bauhaus', 'Modular', 'Balanced', 'Primary', 'Tiled', 'Quarter'],
    second: ['Grid', 'Circles', 'Composition', 'Pattern', 'Forms', 'Rhythm'],
  },
  typography: {
    first: ['Say', 'Little', 'Big', 'Bold', 'Simple', 'Happy'],
    second: ['Words', 'Letters', 'Poster', 'Type', 'Message', 'Print'],
  },
  minimalist: {
    first: ['Still', 'Calm', 'Sand', 'Morning', 'Quiet', 'Linen'],
    second: ['Arch', 'Sun', 'Balance', 'Line', 'Moment', 'Dune'],
  },
  vintage: {
    first: ['Retro', 'Seventies', 'Sunset', 'Faded', 'Groovy', 'Postcard'],
    second: ['Sunburst', 'Rays', 'Stripes', 'Memories', 'Dawn', 'Summer'],
  },
  modern: {
    first: ['Memphis', 'Pop', 'Color', 'Playful', 'Statement', 'Graphic'],
    second: ['Party', 'Blocks', 'Shapes', 'Energy', 'Mix', 'Play'],
  },
  classic: {
    first: ['Renaissance', 'Baroque', 'Gallery', 'Timeless', 'Old Master', 'Museum'],
    second: ['Still Life', 'Window', 'Arches', 'Vessel', 'Harvest', 'Alcove'],
  },
};

const ARTISTS = [
  'Maya Lindqvist',
  'Jonah Reyes',
  'Aiko Tanaka',
  'Lena Hart',
  'Samuel Okafor',
  'Clara Moreau',
  'Noah Bennett',
  'Isla Fernández',
  'Theo Kowalski',
  'Priya Nair',
  'Oskar Berg',
  'Elena Rossi',
];

const PRICES = [4.9, 5.9, 6.9, 7.9, 9.9, 12.9, 14.9, 17.9, 19.9, 24.9];

export interface DemoArtwork {
  /** Also the seed of its picture. */
  seed: number;
  title: string;
  artist: string;
  price: number;
  originalPrice: number | null;
  description: string;
  category: CategoryId;
  tags: string[];
  dimensions: string;
  format: string;
  isFeatured: boolean;
  isNewArrival: boolean;
  downloadCount: number;
  /** Whether it gets a second picture in its media strip. */
  hasVariation: boolean;
  /** The shape of its picture, print master and second view (demo-aspects.ts). */
  aspect: DemoAspect;
  /** The colours its pictures are drawn in (demo-palettes.ts). */
  scheme: DemoScheme;
}

function describe(title: string, category: string, tags: string[]): string {
  return (
    `${title} is ${/^[aeiou]/i.test(category) ? 'an' : 'a'} ${category.toLowerCase()} print made for walls that deserve a second look. ` +
    `Its ${tags.slice(0, 2).join(' and ')} mood suits living rooms, bedrooms and studios alike. ` +
    'Delivered as high-resolution files ready to print at home or at any print shop, in every common frame ratio.'
  );
}

/** The picture of a demo artwork, or its second view (drawn from another seed, in the same shape and colours). */
export function demoPictureOf(work: DemoArtwork, view: 'main' | 'variation' = 'main'): DemoPicture {
  const seed = view === 'main' ? work.seed : work.seed + VARIATION_SEED_OFFSET;
  return { category: work.category, seed, aspect: work.aspect, scheme: work.scheme };
}

/** The demo catalogue: six works in each of the ten categories, the same on every machine. */
export function buildDemoCatalog(): DemoArtwork[] {
  const works: DemoArtwork[] = [];
  CATEGORIES.forEach((category, categoryIndex) => {
    const words = TITLE_WORDS[category.id];
    for (let i = 0; i < DEMO_ARTWORKS_PER_CATEGORY; i++) {
      const seed = categoryIndex * 100 + i + 1;
      const random = seededRandom(seed);
      const title = `${words.first[i]} ${words.second[(i + categoryIndex) % words.second.length]}`;
      const tags = [
        ...pickSome(random, category.featuredTags, 2),
        ...pickSome(
          random,
          category.tags.filter((t) => !category.featuredTags.includes(t as never)),
          3,
        ),
      ];
      const price = pick(random, PRICES);
      const onSale = random() < 0.4;
      const originalPrice = onSale ? Math.round((price + pick(random, [3, 5, 8])) * 100) / 100 : null;
      // A list of sizes was once picked at random here: the draw stays, so the fields after it stay as they were.
      random();
      const aspect = demoAspectOf(category.id, i);
      works.push({
        seed,
        title,
        artist: ARTISTS[(categoryIndex * 5 + i) % ARTISTS.length] as string,
        price,
        originalPrice,
        description: describe(title, category.name, tags),
        category: category.id,
        tags,
        dimensions: demoDimensions(aspect, seed),
        format: 'PNG, JPG',
        isFeatured: i === 0 || (i === 3 && categoryIndex % 2 === 0),
        isNewArrival: i >= 4,
        downloadCount: Math.round(between(random, 0, 1) ** 2 * 480),
        hasVariation: i % 3 === 1,
        aspect,
        scheme: demoSchemeOf(category.id, i),
      });
    }
  });
  return works;
}

import { catalogSearchParams } from '#client/features/catalog/api/catalog-queries.ts';
import { HOME_REQUESTS } from '#client/features/catalog/home-requests.ts';
import { CATALOG_PAGE_SIZE } from '#shared/catalog-query.ts';
import { CATEGORY_IDS } from '#shared/categories.ts';

export interface BenchRequest {
  /** Sent together, as a page's renderer sends its API calls; the time is until the last answer. */
  urls: string[];
  /** Requests of one scenario that differ in kind (e.g. search term length) are also reported apart. */
  variant: string;
}

export interface Scenario {
  name: string;
  /** The i-th request; parameters cycle with i so every run sends the same requests. */
  request(i: number): BenchRequest;
}

function cycle<T>(items: readonly T[], i: number): T {
  return items[i % items.length] as T;
}

// Most visitors stay on the first pages; a few page deep into the catalogue.
const SHOP_PAGES = [0, 0, 0, 0, 1, 1, 2, 3, 4, 9, 19, 99];

// Words a visitor might type: titles, tags, artists and description words, common and rare.
const SEARCH_WORDS = [
  'mountain',
  'neon',
  'fern',
  'golden',
  'tanaka',
  'bauhaus',
  'still life',
  'retro',
  'linocut',
  'quote',
  'skyline',
  'emerald',
  'calm',
  'poster',
  'nora',
  'ocean',
  'zzq',
];
// Two letters are too few for a trigram: SQLite finds them through its index's vocabulary, PostgreSQL scans.
const SHORT_SEARCH_WORDS = ['ea', 'mo', 'ar', 'zu'];

const PRICE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [4.9, 9.9],
  [5.9, 14.9],
  [9.9, 24.9],
  [7.9, 19.9],
  [4.9, 24.9],
  [12.9, 17.9],
  [19.9, 24.9],
];

// What the home page asks the API for while it is rendered (server-rendered-pages.ts): its three artwork lists,
// the category list and the store settings.
const HOME_URLS = [
  ...Object.values(HOME_REQUESTS).map((request) => `/api/artworks?${catalogSearchParams(request).toString()}`),
  '/api/categories',
  '/api/settings',
];

/**
 * Spreads the detail requests over the whole catalogue: a prime step visits ids of every category, old and new,
 * featured or not, and never the same one twice in a run of a few hundred requests.
 */
function artworkIdFor(i: number, artworks: number): number {
  return 1 + ((i * 7919) % artworks);
}

export function scenariosFor(artworks: number): Scenario[] {
  return [
    {
      name: 'a. shop page, newest first, paged',
      request: (i) => {
        const page = cycle(SHOP_PAGES, i);
        return {
          urls: [`/api/artworks?offset=${page * CATALOG_PAGE_SIZE}`],
          variant: page === 0 ? 'first page' : 'later page',
        };
      },
    },
    {
      name: 'b. substring search ?q=',
      request: (i) => {
        // Every fifth search is a two-letter one.
        const short = i % 5 === 4;
        const word = short ? cycle(SHORT_SEARCH_WORDS, Math.floor(i / 5)) : cycle(SEARCH_WORDS, i - Math.floor(i / 5));
        return {
          urls: [`/api/artworks?q=${encodeURIComponent(word)}`],
          variant: short ? 'q of 2 letters' : 'q of 3+ letters',
        };
      },
    },
    {
      name: 'c. category + price range, price-low',
      request: (i) => {
        const [min, max] = cycle(PRICE_RANGES, i);
        const category = cycle(CATEGORY_IDS, Math.floor(i / PRICE_RANGES.length) + i);
        const offset = i % 4 === 3 ? CATALOG_PAGE_SIZE : 0;
        return {
          urls: [`/api/artworks?category=${category}&minPrice=${min}&maxPrice=${max}&sort=price-low&offset=${offset}`],
          variant: 'all',
        };
      },
    },
    {
      name: 'd. artwork detail with related works',
      request: (i) => ({ urls: [`/api/artworks/${artworkIdFor(i, artworks)}`], variant: 'all' }),
    },
    {
      name: 'e. category list with counts',
      request: () => ({ urls: ['/api/categories'], variant: 'all' }),
    },
    {
      name: 'f. home page data (5 API calls)',
      request: () => ({ urls: HOME_URLS, variant: 'all' }),
    },
  ];
}

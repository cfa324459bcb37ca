import { catalogSearchParams } from '#client/features/catalogue/api/catalogue-queries.ts';
import { HOME_REQUESTS } from '#client/features/catalogue/home-requests.ts';
import { COLOR_FAMILIES, FRAME_VALUES, ORIENTATIONS } from '#shared/catalogue/browse-facets.ts';
import { CATALOG_PAGE_SIZE } from '#shared/catalogue/catalogue-query.ts';
import { CATEGORY_IDS } from '#shared/catalogue/categories.ts';

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

// The shop's browsing filters, as its swatches, orientation buttons and frame list send them.
const FACET_FILTERS: ReadonlyArray<{ kind: string; values: readonly string[] }> = [
  { kind: 'color', values: COLOR_FAMILIES },
  { kind: 'orientation', values: ORIENTATIONS },
  { kind: 'frame', values: FRAME_VALUES },
];

/** The i-th value of one filter: `color=blue`. */
function facetParam(kind: string, i: number): string {
  const filter = FACET_FILTERS.find((f) => f.kind === kind)!;
  return `${kind}=${encodeURIComponent(cycle(filter.values, i))}`;
}

/**
 * One filter alone, paged as the shop page is; every fourth request sorted by price instead, on its first or
 * second page as in c.
 */
function facetAlone(letter: string, kind: string): Scenario {
  return {
    name: `${letter}. ?${kind}= alone, paged`,
    request: (i) => {
      const byPrice = i % 4 === 3;
      const page = byPrice ? Math.floor(i / 4) % 2 : cycle(SHOP_PAGES, i);
      return {
        urls: [
          `/api/artworks?${facetParam(kind, i)}&offset=${page * CATALOG_PAGE_SIZE}${byPrice ? '&sort=price-low' : ''}`,
        ],
        variant: byPrice ? 'price-low' : page === 0 ? 'first page' : 'later page',
      };
    },
  };
}

/** One of the three filters in turn, with something else that narrows the list; reported per filter. */
function facetWith(name: string, other: (i: number) => string): Scenario {
  return {
    name,
    request: (i) => {
      const { kind } = cycle(FACET_FILTERS, i);
      return { urls: [`/api/artworks?${other(i)}&${facetParam(kind, Math.floor(i / 3))}`], variant: kind };
    },
  };
}

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
    facetAlone('g', 'color'),
    facetAlone('h', 'orientation'),
    facetAlone('i', 'frame'),
    facetWith('j. category + colour/orientation/frame', (i) => `category=${cycle(CATEGORY_IDS, i * 7)}`),
    facetWith('k. search + colour/orientation/frame', (i) => {
      // As in b: every fifth search is a two-letter one.
      const word = i % 5 === 4 ? cycle(SHORT_SEARCH_WORDS, i) : cycle(SEARCH_WORDS, i * 5);
      return `q=${encodeURIComponent(word)}`;
    }),
  ];
}

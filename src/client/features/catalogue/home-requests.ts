import type { CatalogRequest } from './api/catalogue-queries';
import { HERO_POOL_SIZE } from './hero-rotation';

/** The home page's catalogue requests. The server renderer loads these same ones, so the page finds its data cached. */
export const HOME_REQUESTS = {
  featured: { filter: 'featured', limit: 4 },
  newArrivals: { filter: 'new', limit: 3 },
  heroPool: { sort: 'popular', limit: HERO_POOL_SIZE },
} as const satisfies Record<string, CatalogRequest>;

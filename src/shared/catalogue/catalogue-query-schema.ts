import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { CATEGORY_IDS } from './categories';
import { artworkSchema } from './artwork-schema';
import { COLOR_FAMILIES, FRAME_VALUES, ORIENTATIONS } from './browse-facets';
import {
  CATALOG_FILTERS,
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  CATALOG_SEARCH_MAX_LENGTH,
  CATALOG_SORTS,
} from './catalogue-query';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The shop's query string: the server validates it and the client builds it from the same rules. */
export const catalogQuerySchema = z
  .object({
    q: z.preprocess(
      emptyToUndefined,
      withoutNul(z.string().trim().max(CATALOG_SEARCH_MAX_LENGTH), 'The search').optional(),
    ),
    category: z.preprocess(emptyToUndefined, z.enum(CATEGORY_IDS).optional()),
    filter: z.preprocess(emptyToUndefined, z.enum(CATALOG_FILTERS).optional()),
    color: z.preprocess(emptyToUndefined, z.enum(COLOR_FAMILIES).optional()),
    orientation: z.preprocess(emptyToUndefined, z.enum(ORIENTATIONS).optional()),
    /** "Fits my frame": a standard print size the artwork's pack fills at 300 DPI ('8x10', 'a4', '50x70cm'). */
    frame: z.preprocess(emptyToUndefined, z.enum(FRAME_VALUES as [string, ...string[]]).optional()),
    minPrice: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1_000_000).optional()),
    maxPrice: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1_000_000).optional()),
    sort: z.preprocess(emptyToUndefined, z.enum(CATALOG_SORTS).default('newest')),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(CATALOG_MAX_PAGE_SIZE).default(CATALOG_PAGE_SIZE),
    ),
    offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['maxPrice'],
    message: 'maxPrice must not be below minPrice',
  });
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export const catalogPageSchema = z.object({
  items: z.array(artworkSchema),
  total: z.number().int().min(0),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

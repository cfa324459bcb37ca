import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { categoryListSchema } from '#shared/catalogue/category-summary-schema.ts';
import type { Database } from '../../db/schema';
import { listCategorySummaries } from './service';

export function categoryRoutes({ db }: { db: Kysely<Database> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/categories',
      { schema: { response: { 200: categoryListSchema } }, config: { sharedAnswer: 'everyone' } },
      async () => ({
        items: await listCategorySummaries(db),
      }),
    );
  };
}

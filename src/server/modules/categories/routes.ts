import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../shared/category-summary-schema';
import { listCategorySummaries } from './service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', { schema: { response: { 200: categoryListSchema } }, config: { sharedAnswer: 'everyone' } }, async () => ({
    items: await listCategorySummaries(app.db),
  }));
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The app is only built after migrations have run, so answering at all means the schema is current.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { artworkDetailSchema, artworkIdParamsSchema } from '#shared/catalogue/artwork-schema.ts';
import { catalogPageSchema, catalogQuerySchema } from '#shared/catalogue/catalogue-query-schema.ts';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import type { Database } from '../../db/schema';
import { getArtworkDetail, listArtworks } from './service';

export function artworkRoutes({ db, publicUrl }: { db: Kysely<Database>; publicUrl: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/artworks',
      {
        schema: { querystring: catalogQuerySchema, response: { 200: catalogPageSchema, 400: errorBodySchema } },
        config: { sharedAnswer: 'everyone' },
      },
      async (request) => listArtworks(db, request.query),
    );

    app.get(
      '/api/artworks/:id',
      {
        schema: {
          params: artworkIdParamsSchema,
          response: { 200: artworkDetailSchema, 404: errorBodySchema },
        },
        config: { sharedAnswer: 'everyone' },
      },
      async (request) => getArtworkDetail(db, request.params.id, publicUrl),
    );
  };
}

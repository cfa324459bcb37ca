import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import { parseArtworkId } from '#shared/catalogue/artwork.ts';
import { artworkIdParamsSchema as idParams } from '#shared/catalogue/artwork-schema.ts';
import {
  ownerPrintPackSchema,
  printPackProgressListSchema,
  printPackRetrySchema,
  printPackUpdateSchema,
} from '#shared/prints/print-pack-schema.ts';
import { NotFoundError } from '../../errors';
import { requireAdmin } from '../auth';
import {
  getOwnerPrintPack,
  listPrintPackProgress,
  retryPrintPackRatio,
  updatePrintPack,
  type PrintPackDeps,
} from './owner-service';

const artworkIdOf = (raw: string) => {
  const id = parseArtworkId(raw);
  if (id === null) throw new NotFoundError('Artwork not found');
  return id;
};

/** The owner's print packs: each artwork's ratios, crops and progress, and every artwork's progress at once. */
export function printPackRoutes(deps: PrintPackDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    const noStore = { 'Cache-Control': 'no-store' };

    app.get(
      '/api/admin/artworks/:id/print-pack',
      { schema: { params: idParams, response: { 200: ownerPrintPackSchema, 404: errorBodySchema } } },
      async (request, reply) =>
        reply.headers(noStore).send(await getOwnerPrintPack(deps, artworkIdOf(request.params.id))),
    );

    app.put(
      '/api/admin/artworks/:id/print-pack',
      { schema: { params: idParams, body: printPackUpdateSchema, response: { 200: ownerPrintPackSchema } } },
      async (request) => updatePrintPack(deps, artworkIdOf(request.params.id), request.body),
    );

    app.post(
      '/api/admin/artworks/:id/print-pack/retry',
      { schema: { params: idParams, body: printPackRetrySchema, response: { 200: ownerPrintPackSchema } } },
      async (request) => retryPrintPackRatio(deps, artworkIdOf(request.params.id), request.body.ratio),
    );

    app.get(
      '/api/admin/print-packs',
      { schema: { response: { 200: printPackProgressListSchema } } },
      async (_request, reply) => reply.headers(noStore).send(await listPrintPackProgress(deps.db)),
    );
  };
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api-error-schema';
import { adminArtworkSchema, artworkCreateSchema, artworkUpdateSchema, bulkChangeSchema } from '../../../shared/artwork-write-schema';
import { dropEmptyUpdateValues } from '../../../shared/artwork-write';
import { validate } from '../../http/validate';
import { requireAdmin } from '../auth/current-user';
import * as write from './write-service';

const anyBody = z.record(z.string(), z.unknown());
const idParams = z.object({ id: z.string() });

/** Owner-only: every route here passes the one admin guard first. */
export const adminArtworkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAdmin);

  app.get('/api/admin/artworks', { schema: { response: { 200: z.object({ items: z.array(adminArtworkSchema) }) } } }, async () => ({
    items: await write.listAdminArtworks(app.db),
  }));

  app.get('/api/admin/artworks/:id', { schema: { params: idParams, response: { 200: adminArtworkSchema, 404: errorBodySchema } } }, async (request) =>
    write.getAdminArtwork(app.db, request.params.id),
  );

  app.post('/api/artworks', { schema: { body: anyBody, response: { 201: adminArtworkSchema } } }, async (request, reply) => {
    const artwork = await write.createArtwork(app.db, validate(artworkCreateSchema, request.body));
    return reply.status(201).send(artwork);
  });

  app.put('/api/artworks/:id', { schema: { params: idParams, body: anyBody, response: { 200: adminArtworkSchema } } }, async (request) =>
    write.updateArtwork(app.db, request.params.id, validate(artworkUpdateSchema, dropEmptyUpdateValues(request.body))),
  );

  app.delete('/api/artworks/:id', { schema: { params: idParams } }, async (request, reply) => {
    await write.deleteArtwork(app.db, request.params.id);
    return reply.status(204).send();
  });

  app.patch('/api/artworks', { schema: { body: anyBody, response: { 200: z.object({ changed: z.number().int() }) } } }, async (request) =>
    write.bulkChangeArtworks(app.db, validate(bulkChangeSchema, request.body)),
  );
};

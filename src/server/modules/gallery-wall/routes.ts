import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GALLERY_MESSAGES } from '#shared/prints/gallery-wall.ts';
import { galleryGuideBodySchema } from '#shared/prints/gallery-wall-schema.ts';
import { limitPerAddress } from '../../http/rate-limits';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import { hangingGuidePdf, type GalleryWallDeps } from './service';

export type GalleryWallRouteDeps = GalleryWallDeps & {
  /** Hanging guides allowed a minute per address (GALLERY_GUIDE_RATE_LIMIT). */
  guidesPerMinute: number;
};

/**
 * POST /api/gallery-wall/guide: the hanging guide PDF of an arrangement. Public, as the planner is (a visitor
 * plans before buying), so each address may make `guidesPerMinute` a minute: a PDF costs the server more than a
 * page, and nothing else stops a loop asking for them.
 */
export function galleryWallRoutes(deps: GalleryWallRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = limitPerAddress(app, 'gallery-guide', {
      perMinute: deps.guidesPerMinute,
      message: GALLERY_MESSAGES.tooMany,
      counts: () => true,
    });
    app.post(
      '/api/gallery-wall/guide',
      { schema: { body: galleryGuideBodySchema }, preHandler: limited },
      async (request, reply) => {
        const pdf = await hangingGuidePdf(deps, request.body);
        reply.header('Cache-Control', 'no-store');
        reply.header('Content-Disposition', attachmentDisposition('Hanging guide.pdf'));
        return reply.type('application/pdf').send(pdf);
      },
    );
  };
}

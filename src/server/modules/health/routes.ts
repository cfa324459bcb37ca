import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import { checkReadiness, notReadyMessage, READY_PARTS, type ReadyParts } from './readiness';

const readyBodySchema = z.object({
  status: z.literal('ready'),
  parts: z.object({
    database: z.literal('ok'),
    publicStorage: z.literal('ok'),
    privateStorage: z.literal('ok'),
    mail: z.literal('ok'),
  }),
});
const ALL_OK = { database: 'ok', publicStorage: 'ok', privateStorage: 'ok', mail: 'ok' } as const;

export function healthRoutes(parts: ReadyParts): FastifyPluginAsyncZod {
  return async (app) => {
    // Liveness. The server listens only after migrations have run, so an answer means the schema is current; the
    // query checks that the database still answers now.
    app.get(
      '/api/health',
      { schema: { response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema } } },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(parts.db);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({ error: 'Database unavailable' });
        }
      },
    );

    // Readiness, for a load balancer: every part a request may need, each within a short deadline. Never kept in the
    // answer cache (no sharedAnswer) and never by anyone else: it must say how things are now. Once a stop begins it
    // answers 503, so a balancer that asks stops sending here at once.
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });
    app.get(
      '/api/ready',
      { schema: { response: { 200: readyBodySchema, 503: errorBodySchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (stopping) return reply.status(503).send({ error: 'This instance is stopping.' });
        const readiness = await checkReadiness(parts);
        if (readiness.ready) return { status: 'ready' as const, parts: ALL_OK };
        const message = notReadyMessage(readiness);
        const causes = Object.fromEntries(
          Object.entries(readiness.causes).map(([part, cause]) => [
            part,
            cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause),
          ]),
        );
        request.log.error({ parts: readiness.parts, causes }, message);
        const details = Object.fromEntries(
          READY_PARTS.filter((part) => readiness.parts[part] !== 'ok').map((part) => [part, [readiness.parts[part]]]),
        );
        return reply.status(503).send({ error: message, details });
      },
    );
  };
}

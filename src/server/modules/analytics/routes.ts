import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelBeaconSchema, funnelQuerySchema, funnelReportSchema } from '#shared/analytics/funnel-schema.ts';
import { requireAdmin } from '../auth';
import { isBotAgent } from './bot-agents';
import type { FunnelCounter } from './funnel-counter';
import { referrerDomain } from './referrer-domain';
import { funnelReport, type FunnelReportDeps } from './report-service';

export interface BeaconDeps {
  counter: FunnelCounter;
  /** The store's own host names: a link between its pages is no referrer. */
  ownHosts: readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The app's beacon: 204 as soon as the body is valid, the counting after the answer has gone. Robots, the owner
 * browsing their own shop and (at flush) drafts and unknown ids are not counted, and none of them is told so: a
 * beacon's answer is never read. No cookie is read or set for it.
 */
export function funnelBeaconRoutes(deps: BeaconDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/funnel/beacon', { schema: { body: funnelBeaconSchema } }, async (request, reply) => {
      // Sent, not awaited: awaiting a reply waits until the socket has taken it, which the counting need not.
      void reply.code(204).header('Cache-Control', 'no-store').send();
      const userAgent = request.headers['user-agent'];
      if (isBotAgent(userAgent) || request.user?.role === 'admin') return reply;
      const { artworkId, event, referrer } = request.body;
      const ownHosts = [...deps.ownHosts, request.hostname.replace(/:\d+$/, '').toLowerCase()];
      deps.counter
        .record({
          event,
          artworkId,
          referrerDomain: event === 'view' ? referrerDomain(referrer, ownHosts) : null,
          address: request.ip,
          userAgent: userAgent ?? '',
          now: new Date(),
        })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'funnel: a beacon was not counted'));
      return reply;
    });
  };
}

/** The owner's funnel report. */
export function adminFunnelRoutes(deps: FunnelReportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    app.get(
      '/api/admin/funnel',
      { schema: { querystring: funnelQuerySchema, response: { 200: funnelReportSchema } } },
      async (request) => funnelReport(deps, request.query),
    );
  };
}

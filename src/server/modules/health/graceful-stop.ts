import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish once a stop begins (a download link, a checkout, an upload). */
export const GRACE_MS = 10_000;
/** How often a connection that has just finished its request is closed while draining. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops taking requests and lets those in flight finish, for at most `graceMs`. `app.close()` does most of it:
 * Fastify stops listening (a new connection is refused, so the balancer tries another instance), closes idle
 * keep-alive connections, and runs the onClose hooks (the background workers stop). A request that still
 * arrives on an open connection is served, with `Connection: close` (app.ts), and `/api/ready` answers 503. Two
 * things it leaves: a keep-alive connection whose request finishes during the drain stays open until its
 * keep-alive timeout (72 s), which would hold the close that long, so idle connections are closed again every
 * 100 ms; and a request that never ends would hold it for ever, so after `graceMs` every connection is cut.
 */
export async function stopGracefully(app: FastifyInstance, graceMs = GRACE_MS): Promise<'drained' | 'cut'> {
  let outcome: 'drained' | 'cut' = 'drained';
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    outcome = 'cut';
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return outcome;
}

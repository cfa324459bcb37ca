import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../shared/accounts/auth';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../shared/mailing/mailing-list';
import { CrossSiteRequestError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses requests that change state unless they come from our own pages. Browsers say where a request comes
 * from in Sec-Fetch-Site (all current ones) or Origin; a request with neither is not from a browser, so it
 * carries no victim's cookie and is no cross-site forgery.
 *
 * One route is let through from anywhere: RFC 8058's one-click unsubscribe, which mail programs POST from their own
 * origin. It needs no cookie, and its signed token (address and kind) is the proof.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.method === 'POST' && request.url.split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const allowed =
      site !== undefined
        ? site === 'same-origin' || site === 'none'
        : origin === undefined || origin === ownOrigin || origin === `${request.protocol}://${request.host}`;
    if (!allowed) throw new CrossSiteRequestError(AUTH_MESSAGES.crossSiteRefused);
  });
}

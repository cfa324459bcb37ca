import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeMarkup } from '../../http/escaping';

/** Where a buyer gets a fresh link: every download starts there, through the entitlement check. */
const DOWNLOADS_PAGE = '/downloads';

export const REFUSED_LINK_MESSAGES = {
  expired: 'This download link has expired.',
  invalid: 'This download link is not valid.',
  fresh: 'Download links work for a short time only. A fresh one is one click away on My Downloads.',
  freshLink: 'Go to My Downloads',
} as const;

/**
 * 403 for a link that has expired or was altered. A browser that followed the link gets a small page that says so
 * and leads to My Downloads; anything else gets the API's `{ error }`. The page carries no inline style or script,
 * so the app's content security policy holds for it too.
 */
export function refuseLink(
  request: FastifyRequest,
  reply: FastifyReply,
  why: 'expired' | 'invalid',
  storeName: string,
): FastifyReply {
  const headline = REFUSED_LINK_MESSAGES[why];
  reply.code(403).header('Cache-Control', 'private, no-store');
  if (!(request.headers.accept ?? '').includes('text/html')) {
    return reply.send({ error: `${headline} ${REFUSED_LINK_MESSAGES.fresh}` });
  }
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(headline.replace(/\.$/, ''))} · ${escapeMarkup(storeName)}</title>
</head>
<body>
<main>
<h1>${escapeMarkup(headline)}</h1>
<p>${escapeMarkup(REFUSED_LINK_MESSAGES.fresh)}</p>
<p><a href="${DOWNLOADS_PAGE}">${escapeMarkup(REFUSED_LINK_MESSAGES.freshLink)}</a></p>
</main>
</body>
</html>
`;
  return reply.type('text/html; charset=utf-8').send(html);
}

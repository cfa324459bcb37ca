import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { answerKey, type AnswerCache } from './answer-cache/answer-cache';
import { jsonForScript } from './escaping';

interface ServerEntry {
  renderPage(url: URL): Promise<{ html: string; state: unknown } | null>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

export type PageRenderer = (url: URL) => Promise<{ html: string; state: unknown } | null>;

/**
 * Loads the server build of the client (dist/server/entry-server.js, made by npm run build), whose API calls are
 * answered in-process by this app. Without that build the store still works: pages are then rendered in the
 * browser only.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  serverDir: string,
  answerCache: AnswerCache,
): Promise<PageRenderer | null> {
  const entryFile = path.join(serverDir, 'entry-server.js');
  if (!fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  // The pages only read (GET) while rendering, so the request's method and body never need passing on. What
  // the pages read is the catalogue data every visitor gets alike, often kept already.
  entry.setApiTransport(async (url) => {
    const key = answerKey(url, 'application/json');
    const kept = answerCache.get(key);
    // A stale answer (a background landing came since) would make the page being made anew just as stale.
    if (kept && !answerCache.isStale(key, kept))
      return new Response(kept.bodies.identity.toString(), {
        status: kept.status,
        headers: { 'content-type': String(kept.headers['content-type'] ?? '') },
      });
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? '') },
    });
  });
  return async (url) => {
    try {
      return await entry.renderPage(url);
    } catch (error) {
      // A page that cannot be rendered on the server is still served; the browser renders it.
      app.log.error({ err: error, url: url.pathname }, 'server rendering failed');
      return null;
    }
  };
}

/**
 * Puts the rendered page into the shell's root element, with the data it was rendered from beside it. React
 * writes the preloads of the page's images at the start of its HTML; they go into <head>, where the browser
 * finds them before anything else.
 */
export function withRenderedPage(shell: string, page: { html: string; state: unknown }): string {
  const preloads = /^(?:<link rel="preload"[^>]*\/>)+/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(preloads.length);
  return shell
    .replace('</head>', `${preloads}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div><script type="application/json" id="server-state">${jsonForScript(page.state)}</script>`,
    );
}

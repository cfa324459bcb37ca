import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { serverRenderedQueries } from './app/server-rendered-pages';
import { setApiTransport } from './lib/api-client';

export { setApiTransport };

export interface RenderedPage {
  html: string;
  /** The query cache the page was rendered from; the browser starts from it and fetches nothing twice. */
  state: unknown;
}

/**
 * Renders a public page to HTML for the first response, so it paints before any script has loaded. Returns null
 * for pages rendered in the browser only, or when a route asks to redirect. The page is the same for every
 * visitor (so the server can keep it for all): the session is left unknown, and the browser asks for it.
 */
export async function renderPage(url: URL): Promise<RenderedPage | null> {
  const queries = serverRenderedQueries(url.pathname, url.searchParams);
  if (!queries) return null;

  const queryClient = createQueryClient();
  // A query that fails (an unknown artwork, say) leaves its page in the state the browser would show.
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query)));

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        {/* hydrate={false}: no inline script (our CSP forbids it); the browser router starts from the URL. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
  return { html, state: dehydrate(queryClient) };
}

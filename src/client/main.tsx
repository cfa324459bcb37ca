import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { AfterHydration, stopEarlyInput } from './lib/early-input';

/** The data the server rendered this page from, in a JSON block (not a script, so the CSP has nothing to allow). */
function serverState(): unknown {
  const element = document.getElementById('server-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent);
  } catch {
    return undefined;
  }
}

/** Hydration must render what the server did: the current page's code has to be loaded before React starts. */
async function loadInitialPages(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Says the page came from the server. The routes load no data of their own (TanStack Query's state above does that),
 * so the data is empty. Without it, React Router's scroll restoration takes the first render for a fresh visit and
 * scrolls to the top: a visitor who had scrolled the server's page before the scripts arrived was thrown back up.
 */
const HYDRATED = { hydrationData: {} };

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const state = serverState();
  if (state) {
    hydrate(queryClient, state);
    await loadInitialPages();
  }
  // From here on React listens itself; what the visitor did on the server's HTML until now is replayed once hydrated.
  const earlyInput = stopEarlyInput();
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <AfterHydration input={earlyInput}>
          <RouterProvider router={createBrowserRouter(routes, state ? HYDRATED : undefined)} />
        </AfterHydration>
      </App>
    </StrictMode>
  );
  if (state && root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();

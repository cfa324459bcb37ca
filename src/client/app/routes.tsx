import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGE_CODE_FILES } from '../../shared/store/page-code';
import { isPlanned, SITE_PATHS, sitePage, type SitePath } from '../../shared/store/site-pages';
import { AppLayout } from './app-layout';
import { NotFoundForOthers } from './not-found-for-others';
import { RequireAccount } from './require-account';
import { RequireAdmin } from './require-admin';
import { RouteErrorPage } from './route-error-page';

type PageCode = () => Promise<{ default: ComponentType }>;

// Every page's code, each its own chunk; which file is whose page is PAGE_CODE_FILES's (shared with the server).
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>(['./pages/*-page.tsx', './pages/*/*-page.tsx']);

function codeOf(path: SitePath): PageCode {
  if (!isPlanned(path)) {
    const load = PAGE_MODULES[`./pages/${PAGE_CODE_FILES[path]}.tsx`];
    if (!load) throw new Error(`No code for the page ${path}: src/client/app/pages/${PAGE_CODE_FILES[path]}.tsx`);
    return load;
  }
  // Read as any page of the list: while no page is planned, the list's own types make this one `never`.
  const { title, planned } = sitePage(path);
  return async () => {
    const { PlannedPage } = await import('./pages/planned-page');
    return { default: () => <PlannedPage title={title ?? ''} summary={planned?.summary ?? ''} /> };
  };
}

// Each page is its own chunk, so a visitor downloads the code of the pages they open and nothing else.
function routeOf(path: SitePath): RouteObject {
  const load = codeOf(path);
  const lazy = async () => ({ Component: (await load()).default });
  return path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy };
}

type Access = 'anyone' | 'account' | 'owner';
const accessOf = (path: SitePath): Access =>
  sitePage(path).ownerOnly ? 'owner' : sitePage(path).signedIn ? 'account' : 'anyone';
const pathsFor = (access: Access) => SITE_PATHS.filter((path) => accessOf(path) === access);

/** Every page of the store; the browser router and the server renderer both use this one table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...pathsFor('anyone').map(routeOf),
      { element: <RequireAccount />, children: pathsFor('account').map(routeOf) },
      // Owner pages: their code, styles and the admin feature load only when the owner opens them.
      {
        element: <RequireAdmin />,
        children: pathsFor('owner')
          .filter((path) => !sitePage(path).notFoundForOthers)
          .map(routeOf),
      },
      // The owner pages hidden from others: a customer is told they do not exist rather than sent home.
      {
        element: <NotFoundForOthers />,
        children: [
          {
            element: <RequireAdmin />,
            children: pathsFor('owner')
              .filter((path) => sitePage(path).notFoundForOthers)
              .map(routeOf),
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).default }) },
    ],
  },
];

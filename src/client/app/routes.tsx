import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { isPlanned, SITE_PATHS, sitePage, type PlannedPath, type SitePath } from '../../shared/site-pages';
import { AppLayout } from './app-layout';
import { NotFoundForOthers } from './not-found-for-others';
import { RequireAccount } from './require-account';
import { RequireAdmin } from './require-admin';
import { RouteErrorPage } from './route-error-page';

type PageCode = () => Promise<{ default: ComponentType }>;

// The code of every page of the site list that is not a placeholder. Typed by the list, so a page without its
// code, or code for a page the list does not have, does not compile.
const PAGE_CODE: Record<Exclude<SitePath, PlannedPath>, PageCode> = {
  '/': () => import('./pages/home-page'),
  '/shop': () => import('./pages/shop-page'),
  '/categories': () => import('./pages/categories-page'),
  '/artwork/:id': () => import('./pages/artwork-page'),
  '/cart': () => import('./pages/cart-page'),
  '/favorites': () => import('./pages/favorites-page'),
  '/checkout': () => import('./pages/checkout-page'),
  '/stripe-test': () => import('./pages/stripe-test-page'),
  '/login': () => import('./pages/login-page'),
  '/register': () => import('./pages/register-page'),
  '/forgot-password': () => import('./pages/forgot-password-page'),
  '/reset-password': () => import('./pages/reset-password-page'),
  '/confirm-email': () => import('./pages/confirm-email-page'),
  '/contact': () => import('./pages/contact-page'),
  '/about': () => import('./pages/info/about-page'),
  '/help-center': () => import('./pages/info/help-center-page'),
  '/download-guide': () => import('./pages/info/download-guide-page'),
  '/license-terms': () => import('./pages/info/license-terms-page'),
  '/privacy-policy': () => import('./pages/info/privacy-policy-page'),
  '/terms-of-service': () => import('./pages/info/terms-of-service-page'),
  '/cookie-policy': () => import('./pages/info/cookie-policy-page'),
  '/admin': () => import('./pages/admin/upload-page'),
  '/admin/dashboard': () => import('./pages/admin/dashboard-page'),
  '/admin/edit/:id': () => import('./pages/admin/edit-page'),
  '/admin/orders': () => import('./pages/admin/orders-page'),
  '/admin/orders/:orderNumber': () => import('./pages/admin/order-page'),
  '/downloads': () => import('./pages/downloads-page'),
  '/orders': () => import('./pages/orders-page'),
  '/orders-test': () => import('./pages/orders-test-page'),
};

function codeOf(path: SitePath): PageCode {
  if (!isPlanned(path)) return PAGE_CODE[path];
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
const accessOf = (path: SitePath): Access => (sitePage(path).ownerOnly ? 'owner' : sitePage(path).signedIn ? 'account' : 'anyone');
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
      { element: <RequireAdmin />, children: pathsFor('owner').filter((path) => !sitePage(path).notFoundForOthers).map(routeOf) },
      // The owner pages the spec hides: a customer is told they do not exist rather than sent home.
      {
        element: <NotFoundForOthers />,
        children: [{ element: <RequireAdmin />, children: pathsFor('owner').filter((path) => sitePage(path).notFoundForOthers).map(routeOf) }],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).default }) },
    ],
  },
];

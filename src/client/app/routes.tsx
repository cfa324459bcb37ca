import type { RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { RequireAdmin } from './require-admin';
import { RouteErrorPage } from './route-error-page';
import { PLANNED_PAGES } from './planned-pages';

// Each page is its own chunk, so a visitor downloads the code of the pages they open and nothing else.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const plannedRoute = (planned: (typeof PLANNED_PAGES)[number]): RouteObject => ({
  path: planned.path,
  lazy: async () => {
    const { PlannedPage } = await import('./pages/planned-page');
    return { Component: () => <PlannedPage page={planned} /> };
  },
});

/** Every page of the store; the browser router and the server renderer both use this one table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, ...page(() => import('./pages/home-page')) },
      { path: 'shop', ...page(() => import('./pages/shop-page')) },
      { path: 'categories', ...page(() => import('./pages/categories-page')) },
      { path: 'artwork/:id', ...page(() => import('./pages/artwork-page')) },
      { path: 'cart', ...page(() => import('./pages/cart-page')) },
      { path: 'favorites', ...page(() => import('./pages/favorites-page')) },
      { path: 'login', ...page(() => import('./pages/login-page')) },
      { path: 'register', ...page(() => import('./pages/register-page')) },
      { path: 'forgot-password', ...page(() => import('./pages/forgot-password-page')) },
      { path: 'reset-password', ...page(() => import('./pages/reset-password-page')) },
      { path: 'confirm-email', ...page(() => import('./pages/confirm-email-page')) },
      { path: 'contact', ...page(() => import('./pages/contact-page')) },
      { path: 'about', ...page(() => import('./pages/info/about-page')) },
      { path: 'help-center', ...page(() => import('./pages/info/help-center-page')) },
      { path: 'download-guide', ...page(() => import('./pages/info/download-guide-page')) },
      { path: 'license-terms', ...page(() => import('./pages/info/license-terms-page')) },
      { path: 'privacy-policy', ...page(() => import('./pages/info/privacy-policy-page')) },
      { path: 'terms-of-service', ...page(() => import('./pages/info/terms-of-service-page')) },
      { path: 'cookie-policy', ...page(() => import('./pages/info/cookie-policy-page')) },
      ...PLANNED_PAGES.map(plannedRoute),
      {
        // Owner pages: their code, styles and the admin feature load only when the owner opens them.
        element: <RequireAdmin />,
        children: [
          { path: 'admin', ...page(() => import('./pages/admin/upload-page')) },
          { path: 'admin/dashboard', ...page(() => import('./pages/admin/dashboard-page')) },
          { path: 'admin/edit/:id', ...page(() => import('./pages/admin/edit-page')) },
        ],
      },
      { path: '*', ...page(() => import('./pages/not-found-page')) },
    ],
  },
];

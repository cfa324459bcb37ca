// Every page of the store (spec §2). The client router serves them; the server answers 404 for anything else.
export const SITE_ROUTES = [
  '/',
  '/shop',
  '/categories',
  '/favorites',
  '/artwork/:id',
  '/cart',
  '/checkout',
  '/downloads',
  '/orders',
  '/about',
  '/admin',
  '/admin/dashboard',
  '/admin/edit/:id',
  '/stripe-test',
  '/orders-test',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/help-center',
  '/download-guide',
  '/license-terms',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
] as const;

const patterns = SITE_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}/?$`));

export function isSiteRoute(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}

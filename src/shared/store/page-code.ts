import type { PlannedPath, SitePath } from './site-pages';

/**
 * Where each page's code lives, under src/client/app/pages/ (without `.tsx`). The browser router loads it when the
 * page opens; the server names its built chunk in the page's HTML, so the browser fetches it beside the app's entry
 * instead of after it (one round trip less before the page answers input). Typed by the site list: a page without
 * its code, or code for a page the list does not have, does not compile.
 */
export const PAGE_CODE_FILES = {
  '/': 'home-page',
  '/shop': 'shop-page',
  '/categories': 'categories-page',
  '/artwork/:id': 'artwork-page',
  '/sets/:id': 'set-page',
  '/cart': 'cart-page',
  '/favorites': 'favorites-page',
  '/licences/:certificateNumber': 'licence-certificate-page',
  '/guest-orders/:token': 'guest-order-page',
  '/invoices/:number': 'tax-document-page',
  '/checkout': 'checkout-page',
  '/checkout/return': 'checkout-return-page',
  '/stripe-test': 'stripe-test-page',
  '/login': 'login-page',
  '/register': 'register-page',
  '/forgot-password': 'forgot-password-page',
  '/reset-password': 'reset-password-page',
  '/confirm-email': 'confirm-email-page',
  '/confirm-new-email': 'confirm-new-email-page',
  '/mailing-list/confirm': 'mailing-list-confirm-page',
  '/unsubscribe': 'unsubscribe-page',
  '/contact': 'contact-page',
  '/about': 'info/about-page',
  '/help-center': 'info/help-center-page',
  '/download-guide': 'info/download-guide-page',
  '/license-terms': 'info/license-terms-page',
  '/privacy-policy': 'info/privacy-policy-page',
  '/terms-of-service': 'info/terms-of-service-page',
  '/cookie-policy': 'info/cookie-policy-page',
  '/admin': 'admin/upload-page',
  '/admin/dashboard': 'admin/dashboard-page',
  '/admin/bulk-upload': 'admin/bulk-upload-page',
  '/admin/edit/:id': 'admin/edit-page',
  '/admin/preview/:id': 'admin/preview-page',
  '/admin/orders': 'admin/orders-page',
  '/admin/orders/:orderNumber': 'admin/order-page',
  '/admin/discounts': 'admin/discounts-page',
  '/admin/sets': 'admin/sets-page',
  '/admin/broadcasts': 'admin/broadcasts-page',
  '/admin/broadcasts/:id': 'admin/broadcast-page',
  '/admin/licences': 'admin/licences-page',
  '/admin/tax': 'admin/tax-page',
  '/admin/export': 'admin/export-page',
  '/admin/mailing-list': 'admin/mailing-list-page',
  '/admin/import': 'admin/import-page',
  '/admin/funnel': 'admin/funnel-page',
  '/admin/reviews': 'admin/reviews-page',
  '/downloads': 'downloads-page',
  '/orders': 'orders-page',
  '/account': 'account-page',
  '/orders-test': 'orders-test-page',
} as const satisfies Record<Exclude<SitePath, PlannedPath>, string>;

/** The page's code file relative to the client's root (src/client), as the build's manifest names it. */
export function pageCodeFile(path: SitePath): string | null {
  const file = (PAGE_CODE_FILES as Partial<Record<SitePath, string>>)[path];
  return file ? `app/pages/${file}.tsx` : null;
}

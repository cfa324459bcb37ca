// Every page of the store, listed once. The browser router, the server (which answers 404 for any other
// path), the server renderer, the sitemap and robots.txt and the placeholder pages all follow this list, so a page
// cannot be known to one of them and missing from another.

export interface SitePage {
  /** The page's heading and tab title; null when what it shows names it (the store, an artwork). */
  title: string | null;
  /** Painted from HTML before any script runs; only pages that depend on nothing in the visitor's browser. */
  serverRendered: boolean;
  /** Offered to search engines; robots.txt disallows every other page. */
  inSitemap: boolean;
  /** The server refuses its data to anyone else; the page sends them away rather than show a useless form. */
  ownerOnly?: true;
  /**
   * An owner-only page hidden from everyone else (the orders test): a signed-in customer gets the
   * not-found page rather than being sent home, as if it did not exist. Needs `ownerOnly`.
   */
  notFoundForOthers?: true;
  /** Needs an account: a signed-out visitor is sent to sign in and brought back (owner pages need one too). */
  signedIn?: true;
  /** Its full version arrives with a later piece of work; until then it says what will be there. */
  planned?: { summary: string };
}

// The order is the order of the sitemap's pages and of robots.txt's Disallow lines.
export const SITE_PAGES = {
  '/': { title: null, serverRendered: true, inSitemap: true },
  '/shop': { title: 'Digital Art Collection', serverRendered: true, inSitemap: true },
  '/categories': { title: 'Art Categories', serverRendered: true, inSitemap: true },
  '/artwork/:id': { title: null, serverRendered: true, inSitemap: true },
  '/sets/:id': { title: null, serverRendered: true, inSitemap: true },
  '/admin': { title: 'Admin - Upload Artwork', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/dashboard': { title: 'Manage Listings', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/bulk-upload': { title: 'Bulk Upload', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/edit/:id': { title: 'Edit Artwork', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/preview/:id': { title: 'Preview Artwork', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/orders': { title: 'Orders and Sales', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/orders/:orderNumber': { title: 'Order Details', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/discounts': { title: 'Discounts', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/sets': { title: 'Sets', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/broadcasts': { title: 'Broadcasts', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/broadcasts/:id': { title: 'Broadcast', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/licences': { title: 'Licence Terms', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/tax': { title: 'Taxes', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/export': { title: 'Export the Store', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/import': { title: 'Import from Etsy or Shopify', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/funnel': { title: 'Views and Sales', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/reviews': { title: 'Reviews', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/admin/mailing-list': { title: 'Mailing List', serverRendered: false, inSitemap: false, ownerOnly: true },
  '/checkout': { title: 'Checkout', serverRendered: false, inSitemap: false, signedIn: true },
  '/checkout/return': { title: 'Your Payment', serverRendered: false, inSitemap: false, signedIn: true },
  '/downloads': { title: 'My Downloads', serverRendered: false, inSitemap: false, signedIn: true },
  '/orders': { title: 'Order History', serverRendered: false, inSitemap: false, signedIn: true },
  '/account': { title: 'My Account', serverRendered: false, inSitemap: false, signedIn: true },
  '/cart': { title: 'Shopping Cart', serverRendered: false, inSitemap: false },
  '/login': { title: 'Sign In', serverRendered: false, inSitemap: false },
  '/register': { title: 'Create Account', serverRendered: false, inSitemap: false },
  '/forgot-password': { title: 'Forgot Password', serverRendered: false, inSitemap: false },
  '/reset-password': { title: 'Reset Password', serverRendered: false, inSitemap: false },
  '/confirm-email': { title: 'Confirm Email', serverRendered: false, inSitemap: false },
  '/confirm-new-email': { title: 'Confirm New Email', serverRendered: false, inSitemap: false },
  '/mailing-list/confirm': { title: 'Confirm Subscription', serverRendered: false, inSitemap: false },
  '/unsubscribe': { title: 'Unsubscribe', serverRendered: false, inSitemap: false },
  '/stripe-test': { title: 'Payment Test', serverRendered: false, inSitemap: false, signedIn: true },
  '/orders-test': {
    title: 'Orders Test',
    serverRendered: false,
    inSitemap: false,
    ownerOnly: true,
    notFoundForOthers: true,
  },
  '/favorites': { title: 'My Favorites', serverRendered: false, inSitemap: false },
  '/licences/:certificateNumber': { title: 'Licence Certificate', serverRendered: false, inSitemap: false },
  '/guest-orders/:token': { title: 'Your Order', serverRendered: false, inSitemap: false },
  '/invoices/:number': { title: 'Invoice', serverRendered: false, inSitemap: false, signedIn: true },
  '/about': { title: 'About Us', serverRendered: true, inSitemap: true },
  '/help-center': { title: 'Help Center', serverRendered: true, inSitemap: true },
  '/download-guide': { title: 'Download Guide', serverRendered: true, inSitemap: true },
  '/license-terms': { title: 'License Terms', serverRendered: true, inSitemap: true },
  '/contact': { title: 'Contact Us', serverRendered: false, inSitemap: true },
  '/privacy-policy': { title: 'Privacy Policy', serverRendered: true, inSitemap: true },
  '/terms-of-service': { title: 'Terms of Service', serverRendered: true, inSitemap: true },
  '/cookie-policy': { title: 'Cookie Policy', serverRendered: true, inSitemap: true },
} as const satisfies Record<string, SitePage>;

export type SitePath = keyof typeof SITE_PAGES;

type PathsWhere<Facts> = { [P in SitePath]: (typeof SITE_PAGES)[P] extends Facts ? P : never }[SitePath];
export type PlannedPath = PathsWhere<{ planned: object }>;
export type ServerRenderedPath = PathsWhere<{ serverRendered: true }>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The values of a path's `:name` segments, still URL-encoded. */
export type PathParams<P extends string> = Record<ParamNames<P>, string>;

export const SITE_PATHS = Object.keys(SITE_PAGES) as SitePath[];

export function sitePage(path: SitePath): SitePage {
  return SITE_PAGES[path];
}

export function isPlanned(path: SitePath): path is PlannedPath {
  return sitePage(path).planned !== undefined;
}

const matchers = SITE_PATHS.map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)')}$`),
}));

/** The page at exactly this path (no trailing slash), with its parameters. */
export function matchSitePage(pathname: string): { path: SitePath; params: Record<string, string> } | null {
  for (const { path, pattern } of matchers) {
    const match = pattern.exec(pathname);
    if (match) return { path, params: { ...match.groups } };
  }
  return null;
}

/** Whether a page lives at this path; one trailing slash is allowed, as links are written either way. */
export function isSiteRoute(pathname: string): boolean {
  return matchSitePage(pathname.replace(/\/$/, '') || '/') !== null;
}

/** Whether a signed-out visitor must sign in before this path shows anything. */
export function needsSignIn(pathname: string): boolean {
  const match = matchSitePage(pathname.split('?')[0]?.replace(/\/$/, '') || '/');
  return match !== null && Boolean(sitePage(match.path).signedIn ?? sitePage(match.path).ownerOnly);
}

import { safeRedirectPath } from '#shared/accounts/auth.ts';

export const DEFAULT_AFTER_SIGN_IN = '/downloads';

/** The page to go to after signing in, from ?redirect=, only if it is a path on this site. */
export function redirectTarget(params: URLSearchParams): string {
  return safeRedirectPath(params.get('redirect'), DEFAULT_AFTER_SIGN_IN);
}

/** A link to another auth page that carries the redirect along (and leaves the default out of the URL). */
export function withRedirect(path: string, redirect: string): string {
  return redirect === DEFAULT_AFTER_SIGN_IN ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}

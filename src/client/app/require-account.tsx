import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { storeSettingsQuery } from '#client/lib/store-settings.ts';
import { useAuth } from '../features/auth/auth-provider';

/** With guest checkout on (GUEST_CHECKOUT), these take a signed-out visitor too: checking out by e-mail, coming
 * back from a bank's page, and the "send me my links again" form on the downloads page. */
const GUEST_PAGES = new Set(['/checkout', '/checkout/return', '/downloads']);

/**
 * Pages that need an account (checkout, the payment test) send a signed-out visitor to /login, which says
 * 'Sign In Required' and brings them back here. The server checks the session again on every request.
 */
export function RequireAccount() {
  const { state } = useAuth();
  const location = useLocation();
  const guestPage = GUEST_PAGES.has(location.pathname);
  const settings = useQuery({ ...storeSettingsQuery, enabled: guestPage && state.status === 'signed-out' });
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  if (state.status === 'signed-out' && guestPage && !state.leaving) {
    if (settings.isPending) return <p className="page muted">Loading...</p>;
    if (settings.data?.guestCheckout) return <Outlet />;
  }
  // The way back is always in the address, /downloads too (/login?redirect=/downloads), although sign-in
  // would go there anyway: withRedirect leaves that default out, which suits links between the auth pages only.
  // After Logout the visitor goes to plain /login, whichever of the header's navigation and this one wins.
  if (state.status === 'signed-out' && state.leaving) return <Navigate to="/login" replace />;
  if (state.status === 'signed-out')
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';

/**
 * Spec §2: pages that need an account (checkout, the payment test) send a signed-out visitor to /login, which says
 * 'Sign In Required' and brings them back here. The server checks the session again on every request.
 */
export function RequireAccount() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  // The way back is always in the address, /downloads too (issue 11: /login?redirect=/downloads), although sign-in
  // would go there anyway: withRedirect leaves that default out, which suits links between the auth pages only.
  if (state.status === 'signed-out') return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

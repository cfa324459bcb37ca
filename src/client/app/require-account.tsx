import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';
import { withRedirect } from '../features/auth/redirect-link';

/**
 * Spec §2: pages that need an account (checkout, the payment test) send a signed-out visitor to /login, which says
 * 'Sign In Required' and brings them back here. The server checks the session again on every request.
 */
export function RequireAccount() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  if (state.status === 'signed-out') return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';

/**
 * Pages that need an account (checkout, the payment test) send a signed-out visitor to /login, which says
 * 'Sign In Required' and brings them back here. The server checks the session again on every request.
 */
export function RequireAccount() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  // The way back is always in the address, /downloads too (/login?redirect=/downloads), although sign-in
  // would go there anyway: withRedirect leaves that default out, which suits links between the auth pages only.
  // After Logout the visitor goes to plain /login, whichever of the header's navigation and this one wins.
  if (state.status === 'signed-out' && state.leaving) return <Navigate to="/login" replace />;
  if (state.status === 'signed-out')
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

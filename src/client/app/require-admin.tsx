import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';
import { withRedirect } from '../features/auth/redirect-link';

/**
 * Owner pages send a signed-out visitor to /login and anyone else to /. The role comes from the server's
 * session; the server checks it again on every owner-only request, this only spares a useless page.
 */
export function RequireAdmin() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  if (state.status === 'signed-out')
    return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  if (state.user.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}

import { lazy } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../features/auth/auth-provider';

// Loaded when needed, as the router's own not-found route is: the first download of every page stays as it was.
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/**
 * For owner pages hidden from everyone else (the orders test): a signed-in customer gets the not-found page, as
 * for any path that does not exist, instead of being sent home by the owner gate inside it. A signed-out visitor
 * goes on to that gate, which asks them to sign in like every owner page does.
 */
export function NotFoundForOthers() {
  const { state } = useAuth();
  if (state.status === 'signed-in' && state.user.role !== 'admin') return <NotFoundPage />;
  return <Outlet />;
}

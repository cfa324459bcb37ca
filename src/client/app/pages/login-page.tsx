import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-provider';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { redirectTarget } from '../../features/auth/redirect-link';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '../../../shared/site-pages';

export default function LoginPage() {
  usePageTitle(SITE_PAGES['/login'].title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useAuth();
  const redirect = redirectTarget(params);
  if (state.status === 'signed-in') return <Navigate to={redirect} replace />;
  return (
    <section className="page auth-page">
      <h1>Sign In</h1>
      <p className="muted">Welcome back. Sign in to check out and to download what you bought.</p>
      <SignInForm redirect={redirect} onSignedIn={() => void navigate(redirect, { replace: true })} />
    </section>
  );
}

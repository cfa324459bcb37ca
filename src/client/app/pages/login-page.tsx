import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-provider';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { redirectTarget, withRedirect } from '../../features/auth/redirect-link';
import { usePageTitle } from '../../lib/use-page-title';
import { needsSignIn, SITE_PAGES } from '#shared/store/site-pages.ts';

export default function LoginPage() {
  usePageTitle(SITE_PAGES['/login'].title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useAuth();
  const redirect = redirectTarget(params);
  if (state.status === 'signed-in') return <Navigate to={redirect} replace />;
  return (
    <section className="page auth-page">
      {/* Only when a page sent the visitor here: the default destination, /downloads, needs an account too. */}
      {params.has('redirect') && needsSignIn(redirect) ? (
        // The checkout (and every page that needs an account) sends a signed-out visitor here with this.
        <div className="notice notice--info auth-page__required" role="status">
          <h1>Sign In Required</h1>
          <p>Please sign in to continue: your purchases are kept in your account, ready to download.</p>
          <p>
            New here? <Link to={withRedirect('/register', redirect)}>Create Account</Link>
          </p>
        </div>
      ) : (
        <>
          <h1>Sign In</h1>
          <p className="muted">Welcome back. Sign in to check out and to download what you bought.</p>
        </>
      )}
      <SignInForm redirect={redirect} onSignedIn={() => void navigate(redirect, { replace: true })} />
    </section>
  );
}

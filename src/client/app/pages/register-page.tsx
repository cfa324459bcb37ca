import { useSearchParams } from 'react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { redirectTarget } from '../../features/auth/redirect-link';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function RegisterPage() {
  usePageTitle(SITE_PAGES['/register'].title);
  const [params] = useSearchParams();
  return (
    <section className="page auth-page">
      <h1>Create Account</h1>
      <p className="muted">An account keeps every artwork you buy ready to download again, for life.</p>
      <SignUpForm redirect={redirectTarget(params)} />
    </section>
  );
}

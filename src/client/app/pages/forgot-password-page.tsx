import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function ForgotPasswordPage() {
  usePageTitle(SITE_PAGES['/forgot-password'].title);
  return (
    <section className="page auth-page">
      <h1>Forgot Password</h1>
      <p className="muted">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <ForgotPasswordForm />
    </section>
  );
}

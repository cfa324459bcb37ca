import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/ui/form-message';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function ResetPasswordPage() {
  usePageTitle(SITE_PAGES['/reset-password'].title);
  const token = useSearchParams()[0].get('token');
  return (
    <section className="page auth-page">
      <h1>Reset Password</h1>
      {token ? (
        <>
          <p className="muted">Choose a new password of at least 8 characters.</p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <FormMessage kind="error">
          <p>This page needs the link from your password reset e-mail.</p>
          <Link to="/forgot-password">Request a reset link</Link>
        </FormMessage>
      )}
    </section>
  );
}

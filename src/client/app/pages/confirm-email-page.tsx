import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/ui/form-message';
import { ConfirmEmailView } from '../../features/auth/components/confirm-email-view';
import { usePageTitle } from '../../lib/use-page-title';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function ConfirmEmailPage() {
  usePageTitle(SITE_PAGES['/confirm-email'].title);
  const token = useSearchParams()[0].get('token');
  return (
    <section className="page auth-page">
      <h1>Confirm Email</h1>
      {token ? (
        <ConfirmEmailView token={token} />
      ) : (
        <FormMessage kind="error">
          <p>This page needs the link from your confirmation e-mail.</p>
          <Link to="/login">Sign In</Link>
        </FormMessage>
      )}
    </section>
  );
}

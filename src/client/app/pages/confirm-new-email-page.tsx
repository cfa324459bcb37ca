import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { SESSION_KEY } from '../../features/auth/auth-provider';
import { ConfirmNewEmailView } from '../../features/account/components/confirm-new-email-view';

/** The page the link mailed to a new address opens: the account moves to it. */
export default function ConfirmNewEmailPage() {
  const title = SITE_PAGES['/confirm-new-email'].title;
  usePageTitle(title);
  const token = useSearchParams()[0].get('token');
  const queryClient = useQueryClient();
  // A signed-in header shows the address: read the session again now that it changed.
  const confirmed = useCallback(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }), [queryClient]);
  return (
    <section className="page auth-page">
      <h1>{title}</h1>
      {token ? (
        <ConfirmNewEmailView token={token} onConfirmed={confirmed} />
      ) : (
        <FormMessage kind="error">
          <p>This page needs the link from the e-mail sent to your new address.</p>
          <Link to="/account">Your account</Link>
        </FormMessage>
      )}
    </section>
  );
}

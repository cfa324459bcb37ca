import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useToast } from '#client/components/ui/toast.tsx';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { SESSION_KEY } from '../../features/auth/auth-provider';
import { ACCOUNT_KEY } from '../../features/account/api/account-queries';
import { AccountOverview } from '../../features/account/components/account-overview';
import { AccountSection } from '../../features/account/components/account-section';
import { ChangeEmailForm } from '../../features/account/components/change-email-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DataDownload } from '../../features/account/components/data-download';
import { DeleteAccountForm } from '../../features/account/components/delete-account-form';
import { SignOutOthers } from '../../features/account/components/sign-out-others';

/** The buyer's own account: address, password, sessions, a copy of their data, and deleting it all. */
export default function AccountPage() {
  const title = SITE_PAGES['/account'].title;
  usePageTitle(title);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  const deletedAccount = useRef(false);

  // The server has ended the session and cleared its cookie. The browser forgets it once this signed-in page is
  // gone (its cleanup below): forgotten while the page is still shown, it would send the visitor to sign in.
  useEffect(
    () => () => {
      if (!deletedAccount.current) return;
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ queryKey: ACCOUNT_KEY });
    },
    [queryClient],
  );

  function deleted(message: string) {
    deletedAccount.current = true;
    toast(message);
    void navigate('/', { replace: true });
  }

  return (
    <div className="page account-page">
      <h1>{title}</h1>
      <AccountOverview />
      <AccountSection title="Change e-mail">
        <ChangeEmailForm />
      </AccountSection>
      <AccountSection title="Change password">
        <ChangePasswordForm />
      </AccountSection>
      <AccountSection title="Sessions">
        <SignOutOthers />
      </AccountSection>
      <AccountSection title="Download your data">
        <DataDownload />
      </AccountSection>
      <AccountSection title="Delete the account" danger>
        <DeleteAccountForm onDeleted={deleted} />
      </AccountSection>
    </div>
  );
}

import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { DownloadsView } from '../../features/downloads/components/downloads-view';
import { LinksAgainForm } from '../../features/downloads/components/links-again-form';
import { useAuth } from '../../features/auth/auth-provider';
import { AccountPageHead } from '../components/account-page-head';

/**
 * The buyer's library: every paid order's artworks, downloadable for life through the server's checks. Signed out
 * (RequireAccount lets a visitor this far only when the store sells to guests), the form that sends a guest's order
 * links again.
 */
export default function DownloadsPage() {
  const { state } = useAuth();
  if (state.status === 'signed-out') {
    return (
      <div className="page page--narrow downloads-page">
        <h1>{SITE_PAGES['/downloads'].title}</h1>
        <LinksAgainForm />
      </div>
    );
  }
  return (
    <div className="page downloads-page">
      <AccountPageHead title={SITE_PAGES['/downloads'].title} link={{ to: '/orders', label: 'Order history' }} />
      <DownloadsView />
    </div>
  );
}

import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { DownloadsView } from '../../features/downloads/components/downloads-view';
import { AccountPageHead } from '../components/account-page-head';

/** The buyer's library: every paid order's artworks, downloadable for life through the server's checks. */
export default function DownloadsPage() {
  return (
    <div className="page downloads-page">
      <AccountPageHead title={SITE_PAGES['/downloads'].title} link={{ to: '/orders', label: 'Order history' }} />
      <DownloadsView />
    </div>
  );
}

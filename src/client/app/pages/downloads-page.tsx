import { Link } from 'react-router';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { DownloadsView } from '../../features/downloads/components/downloads-view';
import { usePageTitle } from '../../lib/use-page-title';

/** The buyer's library: every paid order's artworks, downloadable for life through the server's checks. */
export default function DownloadsPage() {
  const title = SITE_PAGES['/downloads'].title;
  usePageTitle(title);
  return (
    <div className="page downloads-page">
      <header className="section__head">
        <h1>{title}</h1>
        <Link to="/orders">Order history</Link>
      </header>
      <DownloadsView />
    </div>
  );
}

import { Link } from 'react-router';
import type { PlannedPageInfo } from '../planned-pages';
import { usePageTitle } from '../../lib/use-page-title';

export function PlannedPage({ page }: { page: PlannedPageInfo }) {
  usePageTitle(page.title);
  return (
    <section className="page page--narrow planned-page">
      <h1>{page.title}</h1>
      <p className="lead">{page.summary}</p>
      <p className="muted">This page is being prepared. In the meantime, the whole collection is open to browse.</p>
      <Link className="button button--primary" to="/shop">
        Browse the shop
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** A page of the site list whose full version arrives later: it says what will be there and leads to the shop. */
export function PlannedPage({ title, summary }: { title: string; summary: string }) {
  usePageTitle(title);
  return (
    <section className="page page--narrow planned-page">
      <h1>{title}</h1>
      <p className="lead">{summary}</p>
      <p className="muted">This page is being prepared. In the meantime, the whole collection is open to browse.</p>
      <Link className="button button--primary" to="/shop">
        Browse the shop
      </Link>
    </section>
  );
}

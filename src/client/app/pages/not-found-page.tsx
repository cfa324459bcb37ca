import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code">404</p>
      <h1>Page not found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <p className="button-row">
        <Link className="button button--primary" to="/shop">
          Browse Artwork
        </Link>
        <Link className="button" to="/">
          Home
        </Link>
      </p>
    </section>
  );
}

import { usePageTitle } from '../../lib/use-page-title';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code">404</p>
      <h1>Page not found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <p className="button-row">
        <ButtonLinks
          links={[
            { to: '/shop', label: 'Browse Artwork', primary: true },
            { to: '/', label: 'Home' },
          ]}
        />
      </p>
    </section>
  );
}

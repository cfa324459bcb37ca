import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { keepCodeFromLink } from '../lib/code-from-link';
import { CartFollowsBuyer } from './components/cart-follows-buyer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppLayout() {
  const navigation = useNavigation();
  const { search } = useLocation();
  // A link's ?code= is kept whichever page it opens.
  useEffect(() => keepCodeFromLink(search), [search]);
  // Marks the page as interactive: server-rendered HTML shows before React has taken it over (tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <CartFollowsBuyer />
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <main id="main" className="app__main" tabIndex={-1}>
        <Suspense fallback={<p className="page muted">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

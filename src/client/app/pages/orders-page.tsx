import { Link } from 'react-router';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { useAuth } from '../../features/auth/auth-provider';
import { OrderHistory } from '../../features/orders/components/order-history';
import { usePageTitle } from '../../lib/use-page-title';

/** The order history: the signed-in customer's own orders, looked up by the account's e-mail. */
export default function OrdersPage() {
  const title = SITE_PAGES['/orders'].title;
  usePageTitle(title);
  const { state } = useAuth();
  return (
    <div className="page orders-page">
      <header className="section__head">
        <h1>{title}</h1>
        <Link to="/downloads">My Downloads</Link>
      </header>
      {/* RequireAccount lets only a signed-in visitor this far; a session that ends meanwhile sends them to sign in. */}
      {state.status === 'signed-in' ? <OrderHistory email={state.user.email} /> : <p className="muted">Loading...</p>}
    </div>
  );
}

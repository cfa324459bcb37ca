import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useAuth } from '../../features/auth/auth-provider';
import { OrderHistory } from '../../features/orders/components/order-history';
import { AccountPageHead } from '../components/account-page-head';

/** The order history: the signed-in customer's own orders, looked up by the account's e-mail. */
export default function OrdersPage() {
  const { state } = useAuth();
  return (
    <div className="page orders-page">
      <AccountPageHead title={SITE_PAGES['/orders'].title} link={{ to: '/downloads', label: 'My Downloads' }} />
      {/* RequireAccount lets only a signed-in visitor this far; a session that ends meanwhile sends them to sign in. */}
      {state.status === 'signed-in' ? <OrderHistory email={state.user.email} /> : <p className="muted">Loading...</p>}
    </div>
  );
}

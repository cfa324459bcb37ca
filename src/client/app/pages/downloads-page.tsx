import { useNavigate } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { cartActions } from '../../features/cart/cart-store';
import { DownloadsView } from '../../features/downloads/components/downloads-view';
import { LinksAgainForm } from '../../features/downloads/components/links-again-form';
import { useAuth } from '../../features/auth/auth-provider';
import { AccountPageHead } from '../components/account-page-head';

/**
 * The buyer's library: every paid order's artworks, downloadable for life through the server's checks. Signed out
 * (RequireAccount lets a visitor this far only when the store sells to guests), the form that sends a guest's order
 * links again. A licence upgrade goes into the cart, and the buyer on to the checkout (decision 0068).
 */
export default function DownloadsPage() {
  const { state } = useAuth();
  const navigate = useNavigate();
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
      <DownloadsView
        onUpgrade={(choice) => {
          cartActions.addUpgrade(choice);
          void navigate('/checkout');
        }}
      />
    </div>
  );
}

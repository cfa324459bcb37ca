import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RETURN_MESSAGES } from '#shared/orders/checkout-return.ts';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useAuth } from '../../features/auth/auth-provider';
import { cartActions } from '../../features/cart/cart-store';
import { checkoutApi } from '../../features/checkout/api/checkout-api';
import { confirmPaidOrder } from '../../features/checkout/api/confirm-order';
import { OrderComplete } from '../../features/checkout/components/order-complete';
import { guestEmailForReturn } from '../../features/checkout/guest-return-email';
import { ApiError } from '../../lib/api-client';
import { discountCodeActions } from '../../lib/discount-code-store';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Back from a redirect method's bank: the server asks the provider how the payment went (never the address's
 * redirect_status) and answers the order paid, processing, or not paid (409, why). Paid or processing, the cart is
 * done with; not paid, the buyer goes back to the checkout, whose cart gives the same order to pay again.
 */
export default function CheckoutReturnPage() {
  usePageTitle(SITE_PAGES['/checkout/return'].title);
  const [params] = useSearchParams();
  const { state } = useAuth();
  const intentId = params.get('payment_intent') ?? '';
  // A bank that said no is asked once; one that said yes may be a moment ahead of the provider's word.
  const declined = params.get('redirect_status') === 'failed';
  const confirmed = useQuery({
    queryKey: ['checkout-return', intentId],
    queryFn: () => {
      const email = guestEmailForReturn();
      return declined ? checkoutApi.confirmOrder(intentId, email) : confirmPaidOrder(intentId, undefined, email);
    },
    enabled: intentId !== '',
    retry: false,
    staleTime: Infinity,
  });
  const order = confirmed.data;
  useEffect(() => {
    if (!order) return;
    cartActions.clear();
    discountCodeActions.clear();
  }, [order]);

  if (order) return <OrderComplete order={order} guest={state.status !== 'signed-in'} />;
  if (intentId !== '' && confirmed.isPending) {
    return (
      <p className="page muted" role="status">
        {RETURN_MESSAGES.checking}
      </p>
    );
  }
  const refused = confirmed.error instanceof ApiError && confirmed.error.status === 409;
  return (
    <section className="page page--narrow empty-state">
      <h1>Payment not completed</h1>
      <p role="alert">{refused ? RETURN_MESSAGES.failed : RETURN_MESSAGES.unknown}</p>
      <p className="muted">{refused && confirmed.error instanceof ApiError ? confirmed.error.message : null}</p>
      <Link className="button button--primary" to="/checkout">
        Back to Checkout
      </Link>
    </section>
  );
}

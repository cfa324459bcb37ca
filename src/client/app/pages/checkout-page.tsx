import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { SESSION_KEY, useAuth } from '../../features/auth/auth-provider';
import { cartActions, useCartItems, useCartSets, useCartUpgrades } from '../../features/cart/cart-store';
import { cartSetsForServer } from '../../features/cart/cart-sets';
import { cartUpgradesForServer } from '../../features/cart/cart-upgrades';
import { cartItemsForServer } from '../../features/cart/cart-rules';
import { CheckoutView } from '../../features/checkout/components/checkout-view';
import { OrderComplete } from '../../features/checkout/components/order-complete';
import { GuestLibraryView } from '../../features/downloads/components/guest-library-view';
import { useCartQuote } from '../../features/discounts/api/quote-queries';
import { DiscountCodeField } from '../../features/discounts/components/discount-code-field';
import { codeStateOf, quoteLimitMessage } from '../../features/discounts/quote-view';
import { discountCodeActions, useDiscountCode } from '../../lib/discount-code-store';
import { useFunnelCheckout } from '../../lib/funnel-beacon';
import { usePageTitle } from '../../lib/use-page-title';
import { ApiError } from '../../lib/api-client';
import { DEFAULT_COUNTRY } from '../../features/checkout/countries';

/**
 * The checkout's states: signed out, empty cart, the form (processing, failed), complete. The cart and the
 * checkout are separate features; this page hands the cart's lines to the checkout and empties the cart once the
 * server has confirmed the order as paid.
 */
export default function CheckoutPage() {
  usePageTitle(SITE_PAGES['/checkout'].title);
  const { state } = useAuth();
  const items = useCartItems();
  const sets = useCartSets();
  const upgrades = useCartUpgrades();
  const queryClient = useQueryClient();
  const [completed, setCompleted] = useState<OrderSummary | null>(null);
  const code = useDiscountCode();
  // The code the server refused as the order was made (its last use went to someone else): shown by the field,
  // and neither quoted nor sent again, until the buyer changes it.
  const [refused, setRefused] = useState<{ code: string; message: string } | null>(null);
  const refusedNow = refused !== null && refused.code === code;
  // The card forms start on the United States, as the billing country select does.
  const [taxPlace, setTaxPlace] = useState({ country: DEFAULT_COUNTRY, vatNumber: '' });
  const serverItems = cartItemsForServer(items);
  useFunnelCheckout(items.map((item) => item.artwork.id));
  const { data: quote, error: quoteError } = useCartQuote(
    serverItems,
    refusedNow ? '' : code,
    taxPlace,
    cartSetsForServer(sets),
    cartUpgradesForServer(upgrades),
  );
  // A number the server refused, or its refusal to check more numbers now (429, said where the buyer typed it).
  const vatNumberProblem =
    (quoteError instanceof ApiError ? (quoteError.details?.vatNumber?.[0] ?? null) : null) ??
    (taxPlace.vatNumber ? quoteLimitMessage(quoteError) : null);
  const codeState = refusedNow ? { applied: false, message: refused.message } : codeStateOf(quote, code, quoteError);

  // Checked first: the cart is empty by now. A guest sees their order's downloads right below (decision 0058).
  if (completed)
    return (
      <>
        <OrderComplete order={completed} guest={state.status !== 'signed-in'} />
        {completed.guestLink && <GuestLibraryView token={completed.guestLink.split('/').pop() ?? ''} embedded />}
      </>
    );
  // RequireAccount lets a signed-out visitor this far only with guest checkout on; a session that ends meanwhile
  // sends them to sign in.
  if (state.status === 'loading') return <p className="page muted">Loading...</p>;
  const guest = state.status === 'signed-out';
  if (items.length === 0 && sets.length === 0 && upgrades.length === 0) {
    return (
      <section className="page page--narrow empty-state">
        <h1>Your cart is empty</h1>
        <p>Add an artwork to your cart to check out.</p>
        <Link className="button button--primary" to="/shop">
          Back to Shop
        </Link>
      </section>
    );
  }

  return (
    <CheckoutView
      lines={items.map(({ artwork }, index) => ({
        ...serverItems[index]!,
        title: artwork.title,
        price: artwork.price,
      }))}
      sets={sets.map(({ setId, licence, title, price }) => ({ setId, licence, title, price }))}
      upgrades={upgrades}
      accountEmail={state.user?.email ?? ''}
      guest={guest}
      code={codeState.applied ? code : ''}
      quote={quote}
      codeField={<DiscountCodeField applied={codeState.applied} message={codeState.message} />}
      onCodeRefused={(message) => setRefused({ code, message })}
      taxPlace={{ ...taxPlace, vatNumberProblem }}
      onTaxPlaceChange={(place) => setTaxPlace((current) => ({ ...current, ...place }))}
      onPaid={(order) => {
        setCompleted(order);
        cartActions.clear();
        discountCodeActions.clear();
      }}
      // The session ended while the page was open: asking the server again sends the visitor to sign in.
      onSignedOut={() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY })}
    />
  );
}

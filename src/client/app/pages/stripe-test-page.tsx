import { useQueryClient } from '@tanstack/react-query';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '../../components/ui/form-message';
import { SESSION_KEY, useAuth } from '../../features/auth/auth-provider';
import { useArtworks } from '../../features/catalogue/api/catalogue-queries';
import { PaymentTestForm } from '../../features/checkout/components/payment-test-form';
import { TestCardList } from '../../features/checkout/components/test-card-list';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The payment test: the first artwork of the catalogue, paid with a test card through the whole flow. The server
 * offers this page only while the test provider or Stripe's test mode is on. There is no made-up fallback artwork
 * for when the catalogue fails to load: the server prices every payment from the catalogue, so only a real artwork
 * can be paid.
 */
export default function StripeTestPage() {
  const title = SITE_PAGES['/stripe-test'].title;
  usePageTitle(title);
  const { state } = useAuth();
  const queryClient = useQueryClient();
  const artworks = useArtworks({ limit: 1 });
  const artwork = artworks.data?.items[0];

  // RequireAccount lets only a signed-in visitor this far.
  if (state.status !== 'signed-in') return <p className="page muted">Loading...</p>;

  return (
    <div className="page page--narrow payment-test">
      <h1>{title}</h1>
      <p className="lead">
        Pay for one artwork with a test card to try the whole payment, from the card to the store&apos;s confirmation.
      </p>
      <section className="checkout-card payment-test__guidance" aria-labelledby="test-cards-heading">
        <h2 id="test-cards-heading">Test cards</h2>
        <TestCardList />
        <p className="muted">
          Use any future expiry date, any three-digit CVC and any postal code. No real card is charged.
        </p>
      </section>
      {artworks.isPending ? (
        <p className="muted">Loading...</p>
      ) : artwork ? (
        <PaymentTestForm
          artwork={artwork}
          onSignedOut={() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY })}
        />
      ) : (
        <FormMessage kind="error">Failed to fetch artworks</FormMessage>
      )}
    </div>
  );
}

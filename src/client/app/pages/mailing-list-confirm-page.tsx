import { Link, useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '../../components/ui/form-message';
import { ConfirmSubscriptionView } from '../../features/mailing-list/components/confirm-subscription-view';
import { usePageTitle } from '../../lib/use-page-title';

/** The double opt-in's landing page: the link from the confirming e-mail. */
export default function MailingListConfirmPage() {
  usePageTitle(SITE_PAGES['/mailing-list/confirm'].title);
  const token = useSearchParams()[0].get('token');
  return (
    <section className="page auth-page">
      <h1>Confirm Subscription</h1>
      {token ? (
        <ConfirmSubscriptionView token={token} />
      ) : (
        <FormMessage kind="error">
          <p>This page needs the link from your confirmation e-mail.</p>
          <Link to="/">Home</Link>
        </FormMessage>
      )}
    </section>
  );
}

import { useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '../../components/ui/form-message';
import { UnsubscribeView } from '../../features/mailing-list/components/unsubscribe-view';
import { usePageTitle } from '../../lib/use-page-title';

/** Every list message's visible link: one button, no sign-in. */
export default function UnsubscribePage() {
  usePageTitle(SITE_PAGES['/unsubscribe'].title);
  const [params] = useSearchParams();
  const email = params.get('email');
  const kind = params.get('kind');
  const token = params.get('token');
  return (
    <section className="page auth-page">
      <h1>Unsubscribe</h1>
      {email && kind && token ? (
        <UnsubscribeView email={email} kind={kind} token={token} />
      ) : (
        <FormMessage kind="error">
          <p>This page needs the unsubscribe link from one of our e-mails.</p>
        </FormMessage>
      )}
    </section>
  );
}

import { useNavigate, useParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { GuestLibraryView } from '#client/features/downloads/components/guest-library-view.tsx';
import { cartActions } from '#client/features/cart/cart-store.ts';

/** A guest's order library, opened from the link in their e-mail, in any browser, with no account (decision 0058). */
export default function GuestOrderPage() {
  const title = SITE_PAGES['/guest-orders/:token'].title;
  usePageTitle(title);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="page downloads-page">
      <h1>{title}</h1>
      <GuestLibraryView
        token={token}
        onUpgrade={(choice) => {
          // With the library's token: it shows the server the line is this guest's (decision 0068).
          cartActions.addUpgrade(choice);
          void navigate('/checkout');
        }}
      />
    </div>
  );
}

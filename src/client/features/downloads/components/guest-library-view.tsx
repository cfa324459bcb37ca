import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { canDownload } from '#shared/orders/order-lifecycle.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { guestLibraryApi } from '../api/downloads-api';
import { libraryRefreshMs } from '../download-rules';
import { DownloadSource } from '../api/downloads-mutations';
import { DownloadOrderCard } from './download-order';
import type { UpgradeChoice } from './licence-upgrade';

const INVOICE_LABELS = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

/**
 * A guest's order (decision 0058), opened by its signed link with no session: its artworks with their download
 * buttons (the same as an account's library, served through the link), its invoice and credit notes, and a clear
 * word when the store has withdrawn the link. `embedded`: under the checkout's success screen.
 */
export function GuestLibraryView({
  token,
  embedded = false,
  onUpgrade,
}: {
  token: string;
  embedded?: boolean;
  /** The page's way to buy a licence upgrade; the choice carries this library's token, which shows it is the guest's. */
  onUpgrade?: (choice: UpgradeChoice & { guestToken: string }) => void;
}) {
  const api = useMemo(() => guestLibraryApi(token), [token]);
  const libraryKey = useMemo(() => ['guest-library', token] as const, [token]);
  // Asked again every 2 s while a print pack of the order is being made, as the account's library is.
  const library = useQuery({
    queryKey: libraryKey,
    queryFn: ({ signal }) => api.library(signal),
    staleTime: 0,
    refetchInterval: (query) => libraryRefreshMs(query.state.data ? { orders: [query.state.data.order] } : undefined),
  });
  const source = useMemo(() => ({ links: api, libraryKey }), [api, libraryKey]);

  if (library.isPending)
    return (
      <p className="muted" role="status">
        Loading your order...
      </p>
    );
  if (library.isError) {
    const refused = library.error instanceof ApiError && [403, 404].includes(library.error.status);
    return (
      <div className="notice notice--error downloads__error" role="alert">
        <p>{refused ? library.error.message : 'Your order could not be loaded. Please try again.'}</p>
        <p>
          <Link to="/downloads">Send me my links again</Link> · <Link to="/contact">Contact us</Link>
        </p>
      </div>
    );
  }
  const { order, documents, customerEmail } = library.data;
  return (
    <DownloadSource value={source}>
      <div className={embedded ? 'page guest-library guest-library--embedded' : 'guest-library'}>
        {embedded && <h2 className="guest-library__title">Your downloads</h2>}
        <p className="muted guest-library__note">
          Bought as a guest with {customerEmail}. Keep the e-mail with this page’s link: it opens your downloads,
          invoice and licence certificates whenever you need them.
        </p>
        <DownloadOrderCard
          order={order}
          onUpgrade={onUpgrade && ((choice) => onUpgrade({ ...choice, guestToken: token }))}
        />
        <ul className="guest-library__documents">
          {documents.map((document) => (
            <li key={document.number}>
              <a href={api.documentPdf(document.number)} download>
                {INVOICE_LABELS[document.kind]} {document.number} (PDF)
              </a>
            </li>
          ))}
          {canDownload(order.status) &&
            order.items.map(
              (item) =>
                item.certificateNumber && (
                  <li key={item.certificateNumber}>
                    <a href={api.certificatePdf(item.certificateNumber)} download>
                      License certificate: {item.title} (PDF)
                    </a>
                  </li>
                ),
            )}
        </ul>
      </div>
    </DownloadSource>
  );
}

import { Link, useParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { TAX_DOCUMENT_NOT_FOUND, documentTitle } from '#shared/taxes/tax-document-format.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useAuth } from '#client/features/auth/auth-provider.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { useTaxDocument } from '#client/features/tax-documents/api/tax-documents-queries.ts';
import { TaxDocumentView } from '#client/features/tax-documents/components/tax-document-view.tsx';

/** An invoice or credit note, for the buyer of its order and the owner (anyone else is told it was not found). */
export default function TaxDocumentPage() {
  const { number = '' } = useParams();
  const { state } = useAuth();
  // RequireAccount lets only a signed-in visitor this far.
  const viewerId = state.status === 'signed-in' ? state.user.id : null;
  const { data, error, isPending } = useTaxDocument(number, viewerId);
  const title = SITE_PAGES['/invoices/:number'].title;
  usePageTitle(data ? `${documentTitle(data.kind)} ${data.number}` : title);
  // The owner came from the order's page; a buyer from their order history.
  const back =
    data && state.status === 'signed-in' && state.user.role === 'admin'
      ? { to: `/admin/orders/${encodeURIComponent(data.order.number)}`, label: `Order ${data.order.number}` }
      : { to: '/orders', label: 'Order History' };
  return (
    <div className="page tax-document-page">
      <p className="tax-document-page__back">
        <Link to={back.to}>← {back.label}</Link>
      </p>
      {data ? (
        <TaxDocumentView document={data} />
      ) : (
        <>
          <h1>{title}</h1>
          {isPending && (
            <p className="muted" role="status">
              Loading the document...
            </p>
          )}
          {error && (
            <FormMessage kind="error">
              {error instanceof ApiError && error.status === 404
                ? TAX_DOCUMENT_NOT_FOUND
                : 'The document could not be loaded just now. Please try again in a moment.'}
            </FormMessage>
          )}
        </>
      )}
    </div>
  );
}

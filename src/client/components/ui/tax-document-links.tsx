import { Link } from 'react-router';
import type { TaxDocumentRef } from '#shared/taxes/tax-document-schema.ts';
import { documentTitle, taxDocumentPath } from '#shared/taxes/tax-document-format.ts';

/** An order's invoice and credit notes, each a link to its page: the order history and the owner's order show them. */
export function TaxDocumentLinks({ documents }: { documents: readonly TaxDocumentRef[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="tax-document-links" aria-label="Invoice and credit notes">
      {documents.map((document) => (
        <li key={document.number}>
          <Link to={taxDocumentPath(document.number)}>
            {documentTitle(document.kind)} <span className="tax-document-links__number">{document.number}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

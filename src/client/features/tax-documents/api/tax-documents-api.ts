import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import { fetchJson } from '#client/lib/api-client.ts';

const documentUrl = (number: string) => `/api/tax-documents/${encodeURIComponent(number)}`;

/** The PDF of an invoice or credit note (an attachment: the browser downloads it). */
export const taxDocumentPdfUrl = (number: string) => `${documentUrl(number)}/pdf`;

export const taxDocumentsApi = {
  /** The document as issued, for its buyer and the owner; 404 for anyone else and for a number never issued. */
  document: (number: string, signal?: AbortSignal) => fetchJson<TaxDocumentContent>(documentUrl(number), { signal }),
};

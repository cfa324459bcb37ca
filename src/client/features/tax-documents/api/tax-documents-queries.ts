import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { taxDocumentsApi } from './tax-documents-api';

/** Keyed by who asks too: a document kept for one account is never shown to the next one signed in on this tab. */
export function taxDocumentQuery(number: string, viewerId: number) {
  return queryOptions({
    queryKey: ['tax-document', viewerId, number],
    queryFn: ({ signal }) => taxDocumentsApi.document(number, signal),
    // An issued document never changes.
    staleTime: Infinity,
    // A number that is not the visitor's stays so: no point asking again.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export const useTaxDocument = (number: string, viewerId: number | null) =>
  useQuery({ ...taxDocumentQuery(number, viewerId ?? 0), enabled: viewerId !== null });

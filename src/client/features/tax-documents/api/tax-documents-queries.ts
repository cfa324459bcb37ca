import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { taxDocumentsApi } from './tax-documents-api';

export function taxDocumentQuery(number: string) {
  return queryOptions({
    queryKey: ['tax-document', number],
    queryFn: ({ signal }) => taxDocumentsApi.document(number, signal),
    // An issued document never changes.
    staleTime: Infinity,
    // A number that is not the visitor's stays so: no point asking again.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export const useTaxDocument = (number: string) => useQuery(taxDocumentQuery(number));

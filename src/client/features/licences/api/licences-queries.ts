import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { LicenceTermsUpdate } from '#shared/licences/licence-schema.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { licencesApi } from './licences-api';

export const licenceTermsQuery = queryOptions({
  queryKey: ['licence-terms'],
  queryFn: ({ signal }) => licencesApi.terms(signal),
  select: (data) => data.terms,
  staleTime: 5 * 60_000,
});

export const useLicenceTerms = () => useQuery(licenceTermsQuery);

export function certificateQuery(certificateNumber: string) {
  return queryOptions({
    queryKey: ['licence-certificate', certificateNumber],
    queryFn: ({ signal }) => licencesApi.certificate(certificateNumber, signal),
    // An unknown or changed number stays unknown: no point asking again.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export const useCertificate = (certificateNumber: string) => useQuery(certificateQuery(certificateNumber));

const saveTermsMutation = mutationOptions({
  mutationFn: ({ licence, terms }: { licence: LicenceTier; terms: LicenceTermsUpdate }) =>
    licencesApi.saveTerms(licence, terms),
});

export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveTermsMutation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceTermsQuery.queryKey }),
  });
}

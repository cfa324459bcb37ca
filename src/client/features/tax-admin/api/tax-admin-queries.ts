import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { taxAdminApi } from './tax-admin-api';

export const taxAdminKeys = {
  settings: ['admin', 'tax', 'settings'] as const,
  report: (quarter: string) => ['admin', 'tax', 'report', quarter] as const,
};

// The next document numbers move with every payment and refund: the owner sees what the server says now.
export const taxSettingsQuery = queryOptions({
  queryKey: taxAdminKeys.settings,
  queryFn: ({ signal }) => taxAdminApi.settings(signal),
  staleTime: 0,
});

export const useTaxSettings = () => useQuery(taxSettingsQuery);

/** The quarter's report; while another quarter's loads, the last one stays rather than a blank page. */
export function useTaxReport(quarter: string) {
  return useQuery({
    queryKey: taxAdminKeys.report(quarter),
    queryFn: ({ signal }) => taxAdminApi.report(quarter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Keeps the quarter's euro rate; the report is asked for again, so its euro figures follow. */
export function useSaveEurRate() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationFn: ({ quarter, rate }: { quarter: string; rate: string }) => taxAdminApi.saveEurRate(quarter, rate),
      onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: taxAdminKeys.report(saved.quarter) }),
    }),
  );
}

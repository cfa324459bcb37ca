import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { funnelAdminApi, type FunnelRange } from './funnel-admin-api';

export const funnelAdminKeys = {
  report: ({ from, to }: FunnelRange) => ['admin', 'funnel', from, to] as const,
};

/** The range's funnel; while another range loads, the last one stays on screen rather than a blank page. */
export function useFunnelReport(range: FunnelRange | null) {
  return useQuery({
    queryKey: funnelAdminKeys.report(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) => funnelAdminApi.report(range!, signal),
    enabled: range !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

import type { FunnelReport } from '#shared/analytics/funnel-schema.ts';
import { fetchJson } from '#client/lib/api-client.ts';

export interface FunnelRange {
  from: string;
  to: string;
}

export const funnelAdminApi = {
  report: ({ from, to }: FunnelRange, signal?: AbortSignal) =>
    fetchJson<FunnelReport>(`/api/admin/funnel?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
      signal,
    }),
};

import type { EurRateSaved, TaxReport, TaxSettingsView } from '#shared/taxes/tax-report-schema.ts';
import { fetchJson } from '#client/lib/api-client.ts';

const query = (quarter: string) => `quarter=${encodeURIComponent(quarter)}`;

/** The quarter's report as a CSV file: a plain link, the browser downloads it with the owner's session. */
export const taxReportCsvUrl = (quarter: string) => `/api/admin/tax/report.csv?${query(quarter)}`;

export const taxAdminApi = {
  settings: (signal?: AbortSignal) => fetchJson<TaxSettingsView>('/api/admin/tax/settings', { signal }),
  report: (quarter: string, signal?: AbortSignal) =>
    fetchJson<TaxReport>(`/api/admin/tax/report?${query(quarter)}`, { signal }),
  saveEurRate: (quarter: string, rate: string) =>
    fetchJson<EurRateSaved>(`/api/admin/tax/eur-rates/${encodeURIComponent(quarter)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate }),
    }),
};

import type { LicenceTier } from '#shared/licences/licences.ts';
import type {
  LicenceCertificate,
  LicenceTerms,
  LicenceTermsList,
  LicenceTermsUpdate,
} from '#shared/licences/licence-schema.ts';
import { fetchJson } from '#client/lib/api-client.ts';

export const certificatePdfUrl = (certificateNumber: string) =>
  `/api/licences/${encodeURIComponent(certificateNumber)}/pdf`;

export const licencesApi = {
  terms: (signal?: AbortSignal) => fetchJson<LicenceTermsList>('/api/licence-terms', { signal }),
  /** Public: what a certificate certifies, or 404 for a number the store never issued. */
  certificate: (certificateNumber: string, signal?: AbortSignal) =>
    fetchJson<LicenceCertificate>(`/api/licences/${encodeURIComponent(certificateNumber)}`, { signal }),
  saveTerms: (licence: LicenceTier, terms: LicenceTermsUpdate) =>
    fetchJson<LicenceTerms>(`/api/admin/licence-terms/${licence}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(terms),
    }),
};

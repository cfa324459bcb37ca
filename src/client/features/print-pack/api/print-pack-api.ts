import type { OwnerPrintPack, PrintPackProgressList, PrintPackUpdate } from '#shared/prints/print-pack-schema.ts';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

const packUrl = (artworkId: number) => `/api/admin/artworks/${artworkId}/print-pack`;

export const printPackApi = {
  get: (artworkId: number, signal?: AbortSignal) => fetchJson<OwnerPrintPack>(packUrl(artworkId), { signal }),
  save: (artworkId: number, update: PrintPackUpdate) =>
    fetchJson<OwnerPrintPack>(packUrl(artworkId), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(update),
    }),
  retry: (artworkId: number, ratio: RatioId) => postJson<OwnerPrintPack>(`${packUrl(artworkId)}/retry`, { ratio }),
  list: (signal?: AbortSignal) => fetchJson<PrintPackProgressList>('/api/admin/print-packs', { signal }),
};

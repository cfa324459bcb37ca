import type { BroadcastDetail, BroadcastSummary, BroadcastWrite } from '#shared/mailing/broadcast-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

const path = (id: number) => `/api/admin/broadcasts/${id}`;

export const broadcastsApi = {
  list: async (signal?: AbortSignal) =>
    (await fetchJson<{ items: BroadcastSummary[] }>('/api/admin/broadcasts', { signal })).items,
  get: (id: number, signal?: AbortSignal) => fetchJson<BroadcastDetail>(path(id), { signal }),
  create: (body: BroadcastWrite) => postJson<BroadcastDetail>('/api/admin/broadcasts', body),
  update: (id: number, body: BroadcastWrite) =>
    fetchJson<BroadcastDetail>(path(id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  sendTest: (id: number) => postJson<{ sentTo: string }>(`${path(id)}/test`, {}),
  send: (id: number, ratePerMinute: number) => postJson<BroadcastDetail>(`${path(id)}/send`, { ratePerMinute }),
};

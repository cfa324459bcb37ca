import type { ArtworkSet, OwnerSet, SetCompletionAnswer, SetList, SetWrite } from '#shared/sets/set-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

/** What the owner's form sends: the schema's input, defaults left to the server. */
export type SetWriteBody = Omit<SetWrite, 'description' | 'price' | 'percentOff' | 'coverArtworkId' | 'coverKind'> &
  Partial<Pick<SetWrite, 'description' | 'price' | 'percentOff' | 'coverArtworkId' | 'coverKind'>>;

const ownerPath = (id: number) => `/api/admin/sets/${id}`;
const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
});

export const setsApi = {
  list: async (signal?: AbortSignal) => (await fetchJson<SetList>('/api/sets', { signal })).items,
  get: (id: string, signal?: AbortSignal) => fetchJson<ArtworkSet>(`/api/sets/${encodeURIComponent(id)}`, { signal }),
  /** The signed-in buyer's price for the rest of the set (decision 0070): theirs alone, so never in the page's HTML. */
  completion: (id: string, signal?: AbortSignal) =>
    fetchJson<SetCompletionAnswer>(`/api/sets/${encodeURIComponent(id)}/completion`, { signal }),
  ofArtwork: async (artworkId: number, signal?: AbortSignal) =>
    (await fetchJson<SetList>(`/api/artworks/${artworkId}/sets`, { signal })).items,
  ownerList: async (signal?: AbortSignal) =>
    (await fetchJson<{ items: OwnerSet[] }>('/api/admin/sets', { signal })).items,
  create: (body: SetWriteBody) => postJson<OwnerSet>('/api/admin/sets', body),
  update: (id: number, body: SetWriteBody) => fetchJson<OwnerSet>(ownerPath(id), json('PUT', body)),
  remove: (id: number) => fetchJson<null>(ownerPath(id), json('DELETE')),
};

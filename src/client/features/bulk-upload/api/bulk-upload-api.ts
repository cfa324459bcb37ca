import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

/** The draft's fields the review grid edits inline. */
export interface DraftEdit {
  title?: string;
  price?: number;
  category?: string;
  tags?: string[];
}

export const bulkUploadApi = {
  createBatch: (price: number | undefined) =>
    postJson<{ id: string }>('/api/admin/bulk-batches', price === undefined ? {} : { price }),
  batch: (id: string, signal?: AbortSignal) =>
    fetchJson<BulkBatch>(`/api/admin/bulk-batches/${encodeURIComponent(id)}`, { signal }),
  publish: (ids: number[]) => postJson<{ published: number }>('/api/admin/artworks/publish', { ids }),
  updateDraft: (id: number, edit: DraftEdit) =>
    fetchJson<unknown>(`/api/artworks/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(edit),
    }),
};

const batchKey = (id: string) => ['admin', 'bulk-batch', id] as const;

/** The batch as the grid shows it, asked again every 2 s while any file is still being made into a draft. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: batchKey(id ?? ''),
    queryFn: ({ signal }) => bulkUploadApi.batch(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.files.some((f) => f.status !== 'drafted' && f.status !== 'failed') ? 2_000 : false,
  });
}

export function useRefreshBatch(id: string | null) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: batchKey(id ?? '') });
}

export function useUpdateDraft(batchId: string | null) {
  const refresh = useRefreshBatch(batchId);
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: DraftEdit }) => bulkUploadApi.updateDraft(id, edit),
    onSuccess: refresh,
  });
}

export function usePublishDrafts(batchId: string | null) {
  const refresh = useRefreshBatch(batchId);
  return useMutation({ mutationFn: (ids: number[]) => bulkUploadApi.publish(ids), onSuccess: refresh });
}

import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkChange } from '#shared/catalogue/artwork-write-schema.ts';
import { adminApi } from './artwork-admin-api';
import { refreshAfterChange } from './artwork-refresh';

// Mutation definitions take the query client so that tests can run them without React. Each returns its
// refresh from the callback, so the mutation stays pending until what is on screen shows the change and the
// owner never acts on a row that is already gone.

export function createArtworkMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: Record<string, unknown>) => adminApi.create(body),
    onSuccess: (created) => refreshAfterChange(queryClient, [created.id]),
  });
}

export function updateArtworkMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ id, changes }: { id: number; changes: Record<string, unknown> }) => adminApi.update(id, changes),
    onSuccess: (_saved, { id }) => refreshAfterChange(queryClient, [id]),
  });
}

// Deletes and bulk changes refresh after a failure too: a 404 means another tab already changed these
// artworks, and the list should show that.

export function deleteArtworkMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (id: number) => adminApi.remove(id),
    onSettled: (_result, _error, id) => refreshAfterChange(queryClient, [id]),
  });
}

export function bulkChangeMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (change: BulkChange) => adminApi.bulk(change),
    onSettled: (_result, _error, change) => refreshAfterChange(queryClient, change.ids),
  });
}

export const useCreateArtwork = () => useMutation(createArtworkMutation(useQueryClient()));
export const useUpdateArtwork = () => useMutation(updateArtworkMutation(useQueryClient()));
export const useDeleteArtwork = () => useMutation(deleteArtworkMutation(useQueryClient()));
export const useBulkChangeArtworks = () => useMutation(bulkChangeMutation(useQueryClient()));

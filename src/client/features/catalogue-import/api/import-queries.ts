import { useMutation, useQuery } from '@tanstack/react-query';
import { importApi } from './import-api';

export const useUploadImport = () => useMutation({ mutationFn: (file: File) => importApi.upload(file) });

export const useConfirmImport = () =>
  useMutation({
    mutationFn: ({ id, rates }: { id: number; rates: Record<string, number> }) => importApi.confirm(id, rates),
  });

/** The batch's pictures, asked again every second while some are still being fetched. */
export function useImportProgress(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'import-progress', id],
    queryFn: ({ signal }) => importApi.progress(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.pictures.waiting === 0 ? false : 1_000),
  });
}

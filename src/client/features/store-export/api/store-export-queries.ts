import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeExportApi } from './store-export-api';

// The store changes with every order: the size is asked for each time the page opens, never kept.
export const archiveSizeQuery = queryOptions({
  queryKey: ['admin', 'export', 'archive-size'] as const,
  queryFn: ({ signal }) => storeExportApi.archiveSize(signal),
  staleTime: 0,
  gcTime: 0,
});

export const useArchiveSize = () => useQuery(archiveSizeQuery);

import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The catalogue changes rarely; a minute of freshness saves refetching on every page change, and keeps
      // the data the server rendered the page with from being fetched again right after hydration.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

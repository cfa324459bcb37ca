import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { discountAdminApi } from './discount-admin-api';

export const discountAdminKeys = {
  list: ['admin', 'discounts'] as const,
  artworkSearch: (q: string) => ['admin', 'discount-artwork-search', q] as const,
};

// Uses and held uses move with every checkout: the owner sees what the server says now.
export const discountListQuery = queryOptions({
  queryKey: discountAdminKeys.list,
  queryFn: ({ signal }) => discountAdminApi.list(signal),
  staleTime: 0,
});

export const useDiscounts = () => useQuery(discountListQuery);

/** Artworks whose title (or tags, artist) match; nothing is asked for until two characters are typed. */
export function useArtworkSearch(q: string) {
  return useQuery({
    queryKey: discountAdminKeys.artworkSearch(q),
    queryFn: ({ signal }) => discountAdminApi.searchArtworks(q, signal),
    enabled: q.length >= 2,
    // While the next letters are looked up, the last results stay rather than a blank list.
    placeholderData: keepPreviousData,
  });
}

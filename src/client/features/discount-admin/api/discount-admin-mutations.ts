import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminDiscount, DiscountWriteBody } from '#shared/discounts/discounts-schema.ts';
import { catalogKeys } from '#client/lib/catalogue-keys.ts';
import { discountAdminApi } from './discount-admin-api';
import { discountAdminKeys } from './discount-admin-queries';

/**
 * After a change: the list again, and for an automatic sale or quantity break the shop's cached pages too, whose
 * prices it may change. Returned from the callback, so the mutation is pending until the list shows the change.
 */
async function refreshAfter(queryClient: QueryClient, saved: AdminDiscount): Promise<void> {
  const shop = saved.kind === 'code' ? [] : [catalogKeys.lists, catalogKeys.details];
  await Promise.all([discountAdminKeys.list, ...shop].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function saveDiscountMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id?: number; body: DiscountWriteBody }) =>
      id === undefined ? discountAdminApi.create(body) : discountAdminApi.update(id, body),
    onSuccess: (saved) => refreshAfter(queryClient, saved),
  });
}

export function setDiscountActiveMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => discountAdminApi.setActive(id, active),
    onSuccess: (saved) => refreshAfter(queryClient, saved),
    // A 404: another tab or owner changed the list meanwhile.
    onError: () => queryClient.invalidateQueries({ queryKey: discountAdminKeys.list }),
  });
}

export const useSaveDiscount = () => useMutation(saveDiscountMutation(useQueryClient()));
export const useSetDiscountActive = () => useMutation(setDiscountActiveMutation(useQueryClient()));

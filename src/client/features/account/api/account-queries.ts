import { useQuery } from '@tanstack/react-query';
import { accountApi } from './account-api';

export const ACCOUNT_KEY = ['account'] as const;

/** The signed-in buyer's account: its address, since when, and an address change waiting on its link. */
export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: accountApi.get, staleTime: 0 });
}

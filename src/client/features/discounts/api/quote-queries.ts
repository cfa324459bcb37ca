import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LicenceTier } from '#shared/licences/licences.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { quoteApi } from './quote-api';

/** How soon a quote refused for too many checks (429) is asked again, by itself: the window is a minute. */
const AFTER_LIMIT_MS = 20_000;

export interface QuoteLine {
  id: number;
  quantity: number;
  licence: LicenceTier;
  /** A pay-what-you-want line's chosen amount, in cents. */
  amount?: number | undefined;
}

/**
 * The server's price of the cart with the code kept (and, at checkout, its tax), asked again whenever a line, the
 * code, the country or the VAT number changes. The last
 * answer stays on screen while the next is on its way, so the summary does not blink at every + or −.
 */
export function useCartQuote(
  lines: readonly QuoteLine[],
  code: string,
  /** The checkout's billing country and VAT number: the quote is taxed by them. */
  place: { country?: string; vatNumber?: string } = {},
  /** The sets in the cart, each split by the server into its pieces' lines. */
  sets: ReadonlyArray<{ setId: number; licence: LicenceTier }> = [],
  /** Licence upgrades of the buyer's library (decision 0068), each one line priced by the server. */
  upgrades: ReadonlyArray<{ itemId: number; guestToken?: string }> = [],
) {
  const items = lines.map(({ id, quantity, licence, amount }) => ({
    id,
    quantity,
    licence,
    ...(amount === undefined ? {} : { amount }),
  }));
  const { country = '', vatNumber = '' } = place;
  return useQuery({
    queryKey: ['cart', 'quote', items, sets, upgrades, code, country, vatNumber],
    queryFn: () =>
      quoteApi.quote({
        items,
        ...(sets.length ? { sets: [...sets] } : {}),
        ...(upgrades.length ? { upgrades: [...upgrades] } : {}),
        ...(code ? { code } : {}),
        ...(country ? { country } : {}),
        ...(vatNumber ? { vatNumber } : {}),
      }),
    enabled: items.length + sets.length + upgrades.length > 0,
    placeholderData: keepPreviousData,
    // A sale may start or end, and another buyer take a code's last use: a quote is asked again after a minute.
    staleTime: 60_000,
    // A refusal is the answer: asking again at once would not change it (and a 429 would count once more).
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    // Past the limit on codes and VAT numbers the buyer is told to wait; the quote comes back once the window ends.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 429 ? AFTER_LIMIT_MS : false,
  });
}

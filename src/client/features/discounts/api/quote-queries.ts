import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LicenceTier } from '#shared/licences/licences.ts';
import { quoteApi } from './quote-api';

export interface QuoteLine {
  id: number;
  quantity: number;
  licence: LicenceTier;
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
) {
  const items = lines.map(({ id, quantity, licence }) => ({ id, quantity, licence }));
  const { country = '', vatNumber = '' } = place;
  return useQuery({
    queryKey: ['cart', 'quote', items, code, country, vatNumber],
    queryFn: () =>
      quoteApi.quote({
        items,
        ...(code ? { code } : {}),
        ...(country ? { country } : {}),
        ...(vatNumber ? { vatNumber } : {}),
      }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    // A sale may start or end, and another buyer take a code's last use: a quote is asked again after a minute.
    staleTime: 60_000,
  });
}

import { formatMoneyCents, fromCents, toCents } from '#shared/money/money.ts';
import { minimumChargeCents } from '#shared/orders/checkout.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import { InvalidInputError } from '../../errors';
import type { ArtworkInput } from './artwork-row';

interface PricingChoice {
  payWhatYouWant?: boolean | undefined;
  minimumPrice?: number | undefined;
  /** The personal price, which for pay what you want is the suggested amount. */
  price?: number | undefined;
  offersCommercial?: boolean | undefined;
}

/** A pay-what-you-want artwork is sold under the personal licence alone (decision 0059). */
export const PERSONAL_ONLY: Pick<ArtworkInput, 'offersPersonal' | 'commercialPrice'> = {
  offersPersonal: true,
  commercialPrice: null,
};

const refuse = (field: string, message: string) => new InvalidInputError(message, { [field]: [message] });

/**
 * Whether the artwork is pay what you want after a write, as its column: `minimumPrice` null for fixed prices.
 * What was sent decides, else what the artwork is now (`current`; null for a new artwork); sending a minimum turns
 * it on. On, the minimum and the suggested amount (`price`) must each be 0 or a chargeable amount (at least the
 * provider's smallest charge in the store's currency), the suggested one at least the minimum, and Commercial may
 * not be asked for: each refusal names its field.
 */
export function chosenPricing(
  choice: PricingChoice,
  current: { minimumCents: number | null; priceCents: number } | null,
  currency: StoreCurrency,
): Pick<ArtworkInput, 'minimumPrice'> {
  const on = choice.payWhatYouWant ?? (choice.minimumPrice !== undefined || (current?.minimumCents ?? null) !== null);
  if (!on) return { minimumPrice: null };
  const minimumCents = choice.minimumPrice !== undefined ? toCents(choice.minimumPrice) : current?.minimumCents;
  if (minimumCents == null)
    throw refuse('minimumPrice', 'Enter the minimum price: 0 lets buyers download it for free.');
  const suggestedCents = choice.price !== undefined ? toCents(choice.price) : current!.priceCents;
  if (choice.offersCommercial === true)
    throw refuse(
      'offersCommercial',
      'A pay-what-you-want artwork is sold with the personal license only: untick Commercial.',
    );
  const money = (cents: number) => formatMoneyCents(cents, currency);
  const smallest = minimumChargeCents(currency);
  const unchargeable = (label: string) =>
    `${label} between ${money(0)} and ${money(smallest)} cannot be charged by card: enter ${money(0)} or at least ${money(smallest)}.`;
  if (minimumCents > 0 && minimumCents < smallest) throw refuse('minimumPrice', unchargeable('A minimum'));
  if (suggestedCents < minimumCents)
    throw refuse('price', `The suggested price must be at least the minimum price, ${money(minimumCents)}.`);
  if (suggestedCents > 0 && suggestedCents < smallest) throw refuse('price', unchargeable('A suggested price'));
  return { minimumPrice: fromCents(minimumCents) };
}

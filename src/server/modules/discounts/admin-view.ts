import { discountStatus } from '#shared/discounts/discount-admin.ts';
import type { AdminDiscount } from '#shared/discounts/discounts-schema.ts';
import { CATEGORY_IDS, type CategoryId } from '#shared/catalogue/categories.ts';
import { fromCents } from '#shared/money/money.ts';
import type { PaidTotals } from './admin-repository';
import { toDiscount, type DiscountRow } from './repository';

/**
 * What the owner's list knows besides the row: uses held now, uses paid past the limit, the paid orders' totals,
 * the artworks' titles.
 */
export interface DiscountFacts {
  heldUses: ReadonlyMap<number, number>;
  overspentUses: ReadonlyMap<number, number>;
  paidTotals: ReadonlyMap<number, PaidTotals>;
  titles: ReadonlyMap<number, string>;
  now: Date;
}

const isCategory = (id: string): id is CategoryId => (CATEGORY_IDS as readonly string[]).includes(id);

/** A row as the owner's API answers it: money the owner typed in the store's currency, what orders brought in in cents. */
export function toAdminDiscount(row: DiscountRow, facts: DiscountFacts): AdminDiscount {
  const { startsAt, endsAt, amountOffCents, minSubtotalCents, scopeArtworks, scopeCategories, ...same } =
    toDiscount(row);
  const totals = facts.paidTotals.get(row.id) ?? { uses: 0, revenue: 0, discounted: 0 };
  return {
    ...same,
    amountOff: amountOffCents === null ? null : fromCents(amountOffCents),
    minSubtotal: minSubtotalCents === null ? null : fromCents(minSubtotalCents),
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    // An artwork deleted since is left out: the pricing can no longer meet it, and the form sends back what it shows.
    artworks: scopeArtworks.flatMap((id) => {
      const title = facts.titles.get(id);
      return title === undefined ? [] : [{ id, title }];
    }),
    categoryIds: scopeCategories.filter(isCategory),
    status: discountStatus({ ...same, startsAt, endsAt, uses: totals.uses }, facts.now),
    uses: totals.uses,
    heldUses: facts.heldUses.get(row.id) ?? 0,
    overspentUses: facts.overspentUses.get(row.id) ?? 0,
    revenue: totals.revenue,
    discounted: totals.discounted,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

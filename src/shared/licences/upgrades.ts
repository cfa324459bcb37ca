import type { OrderStatus } from '../orders/checkout';

// A Personal licence upgraded to Commercial (decision 0068): the buyer pays the difference between the artwork's two
// prices today, never below zero, as an order line of its own that names the Personal line it upgrades.

/** The upgrade's price in cents: today's Commercial price less today's Personal price, never below zero. */
export function upgradePriceCents(prices: { personalCents: number; commercialCents: number }): number {
  return Math.max(0, prices.commercialCents - prices.personalCents);
}

/**
 * The statuses of an upgrade's order under which its Personal line counts as upgraded: money taken and not given
 * back. A refunded upgrade leaves the line Personal again (and it may be upgraded again); a pending or failed one
 * was never bought.
 */
export const UPGRADE_HOLDING_STATUSES = [
  'paid',
  'partially_refunded',
  'disputed',
] as const satisfies readonly OrderStatus[];

export const UPGRADE_MESSAGES = {
  notYours: 'This purchase is not in your library. Open your library and choose the artwork to upgrade there.',
  notPersonal: 'Only a Personal licence can be upgraded to Commercial.',
  alreadyUpgraded: 'This licence is already upgraded to Commercial.',
  notHeld: 'This purchase was refunded or is disputed, so its licence cannot be upgraded.',
  noCommercial: (title: string) =>
    `“${title}” is not sold with a Commercial licence any more, so it cannot be upgraded.`,
  twiceInCart: 'This upgrade is in your cart already.',
} as const;

/** The words of an upgrade's line wherever the line is shown. */
export const upgradeLineLabel = 'Upgrade to Commercial';

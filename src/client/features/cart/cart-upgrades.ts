// A licence upgrade in the cart (decision 0068): a Personal line of the buyer's library to be upgraded to
// Commercial. The server prices it (today's difference) and checks it is the buyer's; the cart keeps what it shows
// until the server's quote arrives.

export interface CartUpgrade {
  /** The Personal order line to upgrade. */
  itemId: number;
  /** A guest's library token, which shows the line is theirs; absent for an account's library. */
  guestToken?: string | undefined;
  title: string;
  /** The difference when the buyer chose it, in cents of the store's currency. */
  amount: number;
  previewUrl?: string | null | undefined;
}

/** Adds the upgrade, or keeps one line with today's words when it is in the cart already. */
export function addUpgradeToCart(upgrades: readonly CartUpgrade[], line: CartUpgrade): CartUpgrade[] {
  return [...upgrades.filter((upgrade) => upgrade.itemId !== line.itemId), line];
}

export const removeUpgradeFromCart = (upgrades: readonly CartUpgrade[], itemId: number): CartUpgrade[] =>
  upgrades.filter((upgrade) => upgrade.itemId !== itemId);

/** What the server prices: the line and, for a guest, the token; the price is the server's own. */
export const cartUpgradesForServer = (upgrades: readonly CartUpgrade[]) =>
  upgrades.map(({ itemId, guestToken }) => (guestToken ? { itemId, guestToken } : { itemId }));

/** Whatever is stored is trusted only as far as it has the shape of an upgrade line. */
export function parseCartUpgrades(raw: unknown): CartUpgrade[] {
  if (!Array.isArray(raw)) return [];
  const lines: CartUpgrade[] = [];
  for (const entry of raw as unknown[]) {
    const line = entry as Partial<Record<keyof CartUpgrade, unknown>> | null;
    if (
      !line ||
      !Number.isInteger(line.itemId) ||
      (line.itemId as number) <= 0 ||
      typeof line.title !== 'string' ||
      !Number.isInteger(line.amount)
    )
      continue;
    const upgrade: CartUpgrade = {
      itemId: line.itemId as number,
      title: line.title,
      amount: line.amount as number,
      ...(typeof line.guestToken === 'string' && line.guestToken ? { guestToken: line.guestToken } : {}),
      ...(typeof line.previewUrl === 'string' ? { previewUrl: line.previewUrl } : {}),
    };
    if (!lines.some((other) => other.itemId === upgrade.itemId)) lines.push(upgrade);
  }
  return lines;
}

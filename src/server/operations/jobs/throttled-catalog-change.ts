/**
 * What a background job lands (a palette, room mockups) makes the catalogue's kept answers stale. While a run lands
 * many in a row (a large catalogue after an upgrade, the demo's at its first start), they are dropped at most this
 * often, and once more when the run ends: dropped after each one, every visitor's next page was worked out again all
 * the time (bench:http at 100,000 artworks: pages at a third of their rate for the first minute, while 5,000
 * pictures were read).
 */
export const CATALOG_CHANGE_EVERY_MS = 10_000;

export interface ThrottledCatalogChange {
  /** Something the catalogue shows changed; said at the next `sayIfDue` that comes late enough, or at `sayRest`. */
  note(): void;
  /** Says the changes noted so far if the last time they were said is long enough ago. */
  sayIfDue(): Promise<void>;
  /** Says what is left unsaid: at the end of a run, however it ended. */
  sayRest(): Promise<void>;
}

/** One run's changes to the catalogue, said through `catalogChanged` at most every `everyMs`. */
export function throttleCatalogChanges(
  catalogChanged: () => Promise<void>,
  everyMs = CATALOG_CHANGE_EVERY_MS,
): ThrottledCatalogChange {
  let unsaid = false;
  let saidAt = Date.now();
  return {
    note() {
      unsaid = true;
    },
    async sayIfDue() {
      if (!unsaid || Date.now() - saidAt < everyMs) return;
      unsaid = false;
      saidAt = Date.now();
      await catalogChanged();
    },
    async sayRest() {
      if (!unsaid) return;
      unsaid = false;
      await catalogChanged();
    },
  };
}

import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';

type Line = AdminOrderDetail['items'][number];

/**
 * What the owner may refund on its own (decision 0071): an artwork bought alone is its line; a set bought whole is
 * all its lines together, as it was priced. `charged` is what the buyer paid for them, the amount refunded.
 */
export interface RefundableLine {
  /** The body the server is sent: the line's id, or the set's. */
  target: { itemId: number } | { setId: number };
  /** The row the action is shown on: the line's, or the set's first. */
  firstItemId: number;
  titles: string[];
  charged: number;
  refunded: boolean;
}

export function refundableLines(items: readonly Line[]): RefundableLine[] {
  const sets = new Map<number, RefundableLine>();
  const lines: RefundableLine[] = [];
  for (const item of items) {
    if (item.setId === null || item.setId === undefined) {
      lines.push({
        target: { itemId: item.itemId },
        firstItemId: item.itemId,
        titles: [item.title],
        charged: item.charged,
        refunded: item.refunded === true,
      });
      continue;
    }
    const set = sets.get(item.setId);
    if (set) {
      set.titles.push(item.title);
      set.charged += item.charged;
      set.refunded &&= item.refunded === true;
      continue;
    }
    const first: RefundableLine = {
      target: { setId: item.setId },
      firstItemId: item.itemId,
      titles: [item.title],
      charged: item.charged,
      refunded: item.refunded === true,
    };
    sets.set(item.setId, first);
    lines.push(first);
  }
  return lines;
}

/** “North”, “South” and “East”. */
export function titlesText(titles: readonly string[]): string {
  const quoted = titles.map((title) => `“${title}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

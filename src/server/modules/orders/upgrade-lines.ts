import type { Kysely } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import type { UpgradeCartItem } from '#shared/licences/upgrade-schema.ts';
import { UPGRADE_HOLDING_STATUSES, UPGRADE_MESSAGES, upgradePriceCents } from '#shared/licences/upgrades.ts';
import { canDownload } from '#shared/orders/order-lifecycle.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import type { FieldDetails } from '../../errors';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { findVisibleArtworksByIds } from '../artworks';
import { orderOfGuestLink } from './guest-orders';

// The cart's upgrades (decision 0068): each Personal line of the buyer's library to be upgraded becomes one line of
// its artwork under Commercial, at the difference between its two prices today, naming the line it upgrades.

export interface UpgradeLine {
  upgradeOfItemId: number;
  artwork: ArtworkRow;
  /** upgradePriceCents of today's prices: what the line costs before codes and tax. */
  priceCents: number;
}

/** Who asks: a signed-in account, else a guest's library token given with each upgrade. */
export interface UpgradeAsker {
  customer: Customer | undefined;
  guestLinkSecret: SecretSource | undefined;
}

async function findUpgradable(db: Kysely<Database>, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.id as itemId',
      'order_items.artwork_id as artworkId',
      'order_items.title as title',
      'order_items.licence as licence',
      'orders.id as orderId',
      'orders.user_id as userId',
      'orders.status as status',
      'order_items.line_refund_id as lineRefundId',
      eb
        .exists(
          eb
            .selectFrom('order_items as upgrade')
            .innerJoin('orders as upgrade_order', 'upgrade_order.id', 'upgrade.order_id')
            .select('upgrade.id')
            .whereRef('upgrade.upgrade_of_item_id', '=', 'order_items.id')
            .where('upgrade_order.status', 'in', UPGRADE_HOLDING_STATUSES)
            // An upgrade refunded on its own line (decision 0071) holds no more.
            .where('upgrade.line_refund_id', 'is', null),
        )
        .as('upgraded'),
    ])
    .where('order_items.id', 'in', itemIds)
    .execute();
}

/** The order a guest's token opens, or null for a token that opens none (wrong, revoked, replaced). */
async function guestOrderIdOf(db: Kysely<Database>, secret: SecretSource | undefined, token: string | undefined) {
  if (!secret || token === undefined) return null;
  try {
    return (await orderOfGuestLink({ db, guestLinkSecret: secret }, token)).id;
  } catch {
    return null;
  }
}

type UpgradableRow = Awaited<ReturnType<typeof findUpgradable>>[number];

function problemOf(
  row: UpgradableRow | undefined,
  theirs: boolean,
  artwork: ArtworkRow | undefined,
  seen: ReadonlySet<number>,
): string | null {
  if (!row || !theirs) return UPGRADE_MESSAGES.notYours;
  if (row.licence !== 'personal') return UPGRADE_MESSAGES.notPersonal;
  if (!canDownload(row.status) || row.lineRefundId !== null) return UPGRADE_MESSAGES.notHeld;
  if (row.upgraded) return UPGRADE_MESSAGES.alreadyUpgraded;
  if (seen.has(row.itemId)) return UPGRADE_MESSAGES.twiceInCart;
  if (!artwork || artwork.commercial_price_cents === null) return UPGRADE_MESSAGES.noCommercial(row.title);
  return null;
}

/**
 * The upgrades as lines, or by field (`upgrades.N.itemId`) why each that cannot be bought cannot: a line that is not
 * the asker's (or not there: the same answer, so ids cannot be probed), not Personal, already upgraded, of an order
 * that no longer allows downloads (refunded, disputed) or refunded on its own line, the same line twice, or an artwork no longer on sale with a
 * Commercial licence.
 */
export async function loadUpgradeLines(
  db: Kysely<Database>,
  upgrades: ReadonlyArray<UpgradeCartItem>,
  asker: UpgradeAsker,
): Promise<{ lines: UpgradeLine[]; problems: FieldDetails }> {
  const rows = new Map(
    (await findUpgradable(db, [...new Set(upgrades.map((u) => u.itemId))])).map((r) => [r.itemId, r]),
  );
  const artworkIds = [...rows.values()].flatMap((row) => (row.artworkId === null ? [] : [row.artworkId]));
  const artworks = new Map((await findVisibleArtworksByIds(db, [...new Set(artworkIds)])).map((a) => [a.id, a]));
  const lines: UpgradeLine[] = [];
  const problems: FieldDetails = {};
  const seen = new Set<number>();
  for (const [index, upgrade] of upgrades.entries()) {
    const row = rows.get(upgrade.itemId);
    const guestOrderId = await guestOrderIdOf(db, asker.guestLinkSecret, upgrade.guestToken);
    const theirs =
      row !== undefined &&
      (guestOrderId !== null
        ? row.orderId === guestOrderId
        : asker.customer?.userId != null && row.userId === asker.customer.userId);
    const artwork = row?.artworkId == null ? undefined : artworks.get(row.artworkId);
    const problem = problemOf(row, theirs, artwork, seen);
    if (problem) {
      problems[`upgrades.${index}.itemId`] = [problem];
      continue;
    }
    seen.add(row!.itemId);
    lines.push({
      upgradeOfItemId: row!.itemId,
      artwork: artwork!,
      // The Personal price column is kept when Personal is no longer offered: the difference is read against it.
      priceCents: upgradePriceCents({
        personalCents: artwork!.price_cents,
        commercialCents: artwork!.commercial_price_cents!,
      }),
    });
  }
  return { lines, problems };
}

import { upgradePriceCents } from '#shared/licences/upgrades.ts';
import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import type { DownloadItem } from '#shared/orders/downloads-schema.ts';
import { canDownload } from '#shared/orders/order-lifecycle.ts';
import { findVisibleArtworksByIds } from '../artworks';
import type { DownloadDeps } from './download-deps';
import { findDownloadRows, findOrderNumbersOfItems } from './repository';

type LibraryRow = Awaited<ReturnType<typeof findDownloadRows>>[number];
type UpgradeFacts = Pick<DownloadItem, 'upgrade' | 'upgradedIn' | 'upgradeOfItemId'>;

/**
 * What the library says of upgrades (decision 0068), line by line: a Personal line of an order that allows downloads,
 * whose artwork is on sale with a Commercial licence and that no upgrade holds (an upgrade's order paid and not refunded), is offered
 * the upgrade at today's difference; an upgraded one names the order that holds its Commercial line. The cart checks
 * all of it again (orders/upgrade-lines.ts): this is what the buttons show.
 */
export async function upgradesOfLibrary(
  deps: Pick<DownloadDeps, 'db' | 'config'>,
  rows: readonly LibraryRow[],
): Promise<(row: LibraryRow) => UpgradeFacts> {
  const personal = rows.filter((row) => row.licence === 'personal' && row.artworkId !== null);
  const artworks = new Map(
    (await findVisibleArtworksByIds(deps.db, [...new Set(personal.map((row) => row.artworkId))])).map((a) => [a.id, a]),
  );
  const upgradeItems = rows.flatMap((row) => (row.upgradedByItemId == null ? [] : [Number(row.upgradedByItemId)]));
  const holders = await findOrderNumbersOfItems(deps.db, upgradeItems);
  return (row) => {
    const upgradeOfItemId = row.upgradeOfItemId;
    const holderItemId = row.upgradedByItemId == null ? null : Number(row.upgradedByItemId);
    const holder = holderItemId === null ? undefined : holders.get(holderItemId);
    const upgradedIn = holder ? { orderNumber: buyerOrderNumber(holder), itemId: holderItemId! } : null;
    const artwork = row.artworkId === null ? undefined : artworks.get(row.artworkId);
    const offered =
      row.licence === 'personal' &&
      canDownload(row.status) &&
      upgradedIn === null &&
      artwork !== undefined &&
      artwork.commercial_price_cents !== null;
    const upgrade = offered
      ? {
          amount: upgradePriceCents({
            personalCents: artwork.price_cents,
            commercialCents: artwork.commercial_price_cents!,
          }),
          currency: deps.config.tax.currency,
        }
      : null;
    return { upgrade, upgradedIn, upgradeOfItemId };
  };
}

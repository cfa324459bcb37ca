import type { DownloadItem } from '#shared/orders/downloads-schema.ts';
import { upgradeLineLabel } from '#shared/licences/upgrades.ts';
import { orderMoney } from '#client/lib/order-money.ts';

/** What the library's Upgrade button hands the page (decision 0068): the line, its title and today's difference. */
export interface UpgradeChoice {
  itemId: number;
  title: string;
  /** In cents of the store's currency. */
  amount: number;
  previewUrl: string | null;
}

/**
 * A line's upgrade, as the library shows it: the offer on a Personal line whose artwork is sold under Commercial
 * (the page puts it in the cart and opens the checkout), the order holding an upgraded line's Commercial licence,
 * or, on that Commercial line, what it upgraded.
 */
export function LicenceUpgrade({
  item,
  onUpgrade,
}: {
  item: DownloadItem;
  onUpgrade?: (choice: UpgradeChoice) => void;
}) {
  if (item.upgradeOfItemId !== null) return <p className="download-item__upgrade muted">Upgraded from Personal</p>;
  if (item.upgradedIn)
    return (
      <p className="download-item__upgrade muted">
        Upgraded to Commercial: its licence and certificate are in order {item.upgradedIn.orderNumber}.
      </p>
    );
  if (!item.upgrade || !onUpgrade) return null;
  const { amount, currency } = item.upgrade;
  return (
    <p className="download-item__upgrade">
      <button
        type="button"
        className="button download-item__upgrade-button"
        onClick={() => onUpgrade({ itemId: item.itemId, title: item.title, amount, previewUrl: item.previewUrl })}
      >
        {upgradeLineLabel} — {orderMoney(currency).formatCents(amount)}
      </button>
    </p>
  );
}

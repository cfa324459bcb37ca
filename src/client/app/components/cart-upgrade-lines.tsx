import { Link } from 'react-router';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { upgradeLineLabel } from '#shared/licences/upgrades.ts';
import { ImageOrPlaceholder } from '../../components/ui/image-or-placeholder';
import { cartActions } from '../../features/cart/cart-store';
import type { CartUpgrade } from '../../features/cart/cart-upgrades';
import { useMoney } from '../../lib/store-settings';

/** The cart's licence upgrades (decision 0068): one line each, at the difference the server quotes. */
export function CartUpgradeLines({
  upgrades,
  quote,
  problemOf,
}: {
  upgrades: readonly CartUpgrade[];
  quote: CartQuote | undefined;
  /** The server's refusal of an upgrade (not the buyer's, upgraded already…), by its place among the upgrades. */
  problemOf: (index: number) => string | null;
}) {
  const { formatCents } = useMoney();
  return upgrades.map((upgrade, index) => {
    const quoted = quote?.items.find((line) => line.upgradeOfItemId === upgrade.itemId);
    return (
      <li key={`upgrade:${upgrade.itemId}`} className="cart-line cart-line--upgrade">
        <ImageOrPlaceholder src={upgrade.previewUrl ?? ''} alt="" width={80} height={100} />
        <div className="cart-line__info">
          <p className="cart-line__title">{upgrade.title}</p>
          <p className="cart-line__licence">{upgradeLineLabel}, from the Personal licence in your library</p>
          {problemOf(index) && (
            <p className="form-field__error">
              {problemOf(index)} Remove it to check out, or <Link to="/downloads">open your library</Link>.
            </p>
          )}
        </div>
        <div className="cart-line__price">
          <p>{formatCents(quoted?.amount ?? upgrade.amount)}</p>
          <button
            type="button"
            className="button button--link"
            onClick={() => cartActions.removeUpgrade(upgrade.itemId)}
          >
            Remove<span className="visually-hidden"> {upgrade.title}</span>
          </button>
        </div>
      </li>
    );
  });
}

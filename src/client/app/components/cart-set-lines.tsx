import { Link } from 'react-router';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import { toCents } from '#shared/money/money.ts';
import { ImageOrPlaceholder } from '../../components/ui/image-or-placeholder';
import { cartActions } from '../../features/cart/cart-store';
import type { CartSet } from '../../features/cart/cart-sets';
import { quotedSet } from '../../features/discounts/quote-view';
import { useMoney } from '../../lib/store-settings';

/** How many of the set's pieces the quote leaves out: the signed-in buyer owns them (decision 0070). */
function ownedOf(quote: CartQuote | undefined, set: CartSet): number {
  const lines = quote?.items.filter((item) => item.setId === set.setId && item.licence === set.licence).length ?? 0;
  return lines === 0 ? 0 : Math.max(0, set.pieces - lines);
}

/** The cart's sets: one line each, at the price the server quotes (its pieces' lines added up). */
export function CartSetLines({
  sets,
  quote,
  problemOf,
}: {
  sets: readonly CartSet[];
  quote: CartQuote | undefined;
  /** The server's refusal of a set (off sale, or given twice), by its place among the sets. */
  problemOf: (index: number) => string | null;
}) {
  const { formatCents } = useMoney();
  return sets.map((set, index) => (
    <li key={`set:${set.setId}:${set.licence}`} className="cart-line">
      <ImageOrPlaceholder src={set.coverUrl ?? ''} alt="" width={80} height={100} />
      <div className="cart-line__info">
        <Link to={`/sets/${set.setId}`} className="cart-line__title">
          {set.title}
        </Link>
        <p className="muted">A set of {set.pieces} artworks</p>
        {ownedOf(quote, set) > 0 && (
          <p className="cart-line__note">
            You own {ownedOf(quote, set)} of them already: this is the price of the other{' '}
            {set.pieces - ownedOf(quote, set)}.
          </p>
        )}
        <p className="cart-line__licence">{licenceLabel(set.licence)}</p>
        {problemOf(index) && <p className="form-field__error">{problemOf(index)} Remove it to check out.</p>}
      </div>
      <div className="cart-line__price">
        <p>{formatCents(quotedSet(quote, set.setId, set.licence) ?? toCents(set.price))}</p>
        <button
          type="button"
          className="button button--link"
          onClick={() => cartActions.removeSet(set.setId, set.licence)}
        >
          Remove<span className="visually-hidden"> {set.title}</span>
        </button>
      </div>
    </li>
  ));
}

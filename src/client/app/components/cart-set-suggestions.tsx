import { Link } from 'react-router';
import type { CartQuote, SetSuggestion } from '#shared/orders/cart-quote-schema.ts';
import { licenceShortLabel } from '#shared/licences/licences.ts';
import { fromCents } from '#shared/money/money.ts';
import { cartActions } from '../../features/cart/cart-store';
import { useMoney } from '../../lib/store-settings';

/** The set takes the place of its pieces bought one by one: their lines go, the set's line comes. */
function completeSet(suggestion: SetSuggestion) {
  for (const artworkId of suggestion.inCart) cartActions.remove(artworkId, suggestion.licence);
  cartActions.addSet({
    setId: suggestion.setId,
    title: suggestion.title,
    licence: suggestion.licence,
    price: fromCents(suggestion.price),
    coverUrl: suggestion.coverUrl,
    pieces: suggestion.pieces,
  });
}

/**
 * "Add the other N and save $X" (decision 0070): the sets the server finds the cart holds part of, with what buying
 * the set instead saves, and the button that swaps the cart's pieces for the set.
 */
export function CartSetSuggestions({ quote }: { quote: CartQuote | undefined }) {
  const { formatCents } = useMoney();
  const suggestions = quote?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  return (
    <section className="cart-suggestions" aria-label="Complete a set">
      {suggestions.map((suggestion) => (
        <div key={`${suggestion.setId}:${suggestion.licence}`} className="notice notice--info cart-suggestion">
          <p>
            <strong>
              Add the other {suggestion.missing} and save {formatCents(suggestion.save)}
            </strong>
            <br />
            Your cart holds {suggestion.inCart.length} of the {suggestion.pieces} artworks of the set{' '}
            <Link to={`/sets/${suggestion.setId}`}>{suggestion.title}</Link>
            {suggestion.licence === 'commercial' ? ` (${licenceShortLabel(suggestion.licence)} license)` : ''}.
          </p>
          <button type="button" className="button button--primary" onClick={() => completeSet(suggestion)}>
            Buy the whole set for {formatCents(suggestion.price)}
          </button>
        </div>
      ))}
    </section>
  );
}

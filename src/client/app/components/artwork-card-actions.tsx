import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { useToast } from '../../components/ui/toast';
import { cartActions } from '../../features/cart/cart-store';
import { favoritesActions, useIsFavorite } from '../../features/favorites/favorites-store';

/** The buttons a card shows on hover: the catalogue feature draws the card, the cart and favourites act. */
export function ArtworkCardActions({ artwork }: { artwork: Artwork }) {
  const toast = useToast();
  const isFavorite = useIsFavorite(artwork.id);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-pressed={isFavorite}
        aria-label={isFavorite ? `Remove ${artwork.title} from favorites` : `Add ${artwork.title} to favorites`}
        onClick={() => favoritesActions.toggle(artwork)}
      >
        <span aria-hidden="true">{isFavorite ? '♥' : '♡'}</span>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Add ${artwork.title} to cart`}
        onClick={() => {
          cartActions.add(artwork);
          toast(`${artwork.title} added to cart`);
        }}
      >
        <span aria-hidden="true">＋</span>
      </button>
    </>
  );
}

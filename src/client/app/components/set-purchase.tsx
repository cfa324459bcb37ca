import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { ArtworkSet } from '#shared/sets/set-schema.ts';
import { cartActions } from '../../features/cart/cart-store';

/** A set page's buttons: the set goes into the cart as one line under the licence shown. */
export function SetPurchase({ set, licence }: { set: ArtworkSet; licence: LicenceTier }) {
  const navigate = useNavigate();
  const [added, setAdded] = useState(false);
  const price = set[licence];
  if (!price) return null;
  const add = () =>
    cartActions.addSet({
      setId: set.id,
      title: set.title,
      licence,
      price: price.price,
      coverUrl: set.cover?.imageUrl ?? null,
      pieces: set.pieces.length,
    });
  return (
    <p className="button-row">
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          add();
          setAdded(true);
        }}
      >
        {added ? 'Added to Cart ✓' : 'Add Set to Cart'}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          add();
          void navigate('/checkout');
        }}
      >
        Buy Now
      </button>
    </p>
  );
}

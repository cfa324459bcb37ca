import { Link } from 'react-router';
import { IMAGE_SIZES, srcsetOf } from '#shared/catalogue/artwork-images.ts';
import type { ArtworkSet } from '#shared/sets/set-schema.ts';
import { useMoney } from '#client/lib/store-settings.ts';

/** A set in a list: its cover, title, how many pieces, and its price beside the pieces' sum. */
export function SetCard({ set }: { set: ArtworkSet }) {
  const { formatPrice } = useMoney();
  const largest = set.cover?.images[set.cover.images.length - 1];
  return (
    <div className="set-card">
      <Link to={`/sets/${set.id}`} className="set-card__link">
        {set.cover && (
          <img
            className="set-card__cover"
            src={set.cover.imageUrl}
            srcSet={set.cover.images.length ? srcsetOf(set.cover.images) : undefined}
            sizes={IMAGE_SIZES.card}
            width={largest?.width ?? 800}
            height={largest?.height ?? 1000}
            loading="lazy"
            alt=""
          />
        )}
        <h3 className="set-card__title">{set.title}</h3>
      </Link>
      <p className="muted">A set of {set.pieces.length} artworks</p>
      {set.personal && (
        <p className="set-card__price">
          <strong>{formatPrice(set.personal.price)}</strong>
          {set.personal.price < set.personal.sum && (
            <>
              {' '}
              <span className="visually-hidden">instead of </span>
              <s>{formatPrice(set.personal.sum)}</s>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** Sets side by side (the shop's sets, the home page's row, an artwork's "In these sets"). */
export function SetList({ sets }: { sets: readonly ArtworkSet[] }) {
  return (
    <ul className="set-list">
      {sets.map((set) => (
        <li key={set.id}>
          <SetCard set={set} />
        </li>
      ))}
    </ul>
  );
}

import { Link } from 'react-router';
import { IMAGE_SIZES } from '#shared/catalogue/artwork-images.ts';
import type { ArtworkSet } from '#shared/sets/set-schema.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { SetCover } from './set-cover';

/** A set in a list: its cover, title, how many pieces, and its price beside the pieces' sum. */
export function SetCard({ set }: { set: ArtworkSet }) {
  const { formatPrice } = useMoney();
  return (
    <div className="set-card">
      <Link to={`/sets/${set.id}`} className="set-card__link">
        <SetCover set={set} className="set-card__cover" sizes={IMAGE_SIZES.card} alt="" />
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

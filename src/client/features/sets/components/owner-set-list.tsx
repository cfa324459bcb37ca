import { Link } from 'react-router';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { SET_COVER_TEXTS } from '#shared/sets/set-cover.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { useDeleteSet } from '../api/owner-sets-queries';

/** Where the gallery-wall cover stands, in the owner's words. */
function coverStatusText(set: OwnerSet): string {
  if (set.coverStatus === 'ready') return SET_COVER_TEXTS.ready;
  if (set.coverStatus === 'failed') return SET_COVER_TEXTS.failed;
  return SET_COVER_TEXTS.making;
}

/** The owner's sets, each with its price, whether it is on sale and, if not, why. */
export function OwnerSetList({ sets, onEdit }: { sets: readonly OwnerSet[]; onEdit: (id: number) => void }) {
  const { formatPrice } = useMoney();
  const remove = useDeleteSet();
  if (sets.length === 0)
    return <p className="muted">No sets yet: select artworks on Manage Listings, then Make a Set.</p>;
  return (
    <ul className="owner-set-list">
      {sets.map((set) => (
        <li key={set.id} className="card">
          <h2>{set.onSale ? <Link to={`/sets/${set.id}`}>{set.title}</Link> : set.title}</h2>
          <p>
            {set.artworkIds.length} artworks
            {set.personal && ` · ${formatPrice(set.personal.price)} (the artworks ${formatPrice(set.personal.sum)})`}
            {' · '}
            <strong>{set.onSale ? 'On sale' : 'Off sale'}</strong>
          </p>
          {set.coverKind === 'mockup' && <p role="status">{coverStatusText(set)}</p>}
          {set.problems.length > 0 && (
            <ul>
              {set.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <p className="button-row">
            <button type="button" className="button" onClick={() => onEdit(set.id)}>
              Edit<span className="visually-hidden"> {set.title}</span>
            </button>
            <button
              type="button"
              className="button"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the set “${set.title}”? Its artworks stay in the shop.`))
                  remove.mutate(set.id);
              }}
            >
              Delete<span className="visually-hidden"> {set.title}</span>
            </button>
          </p>
        </li>
      ))}
    </ul>
  );
}

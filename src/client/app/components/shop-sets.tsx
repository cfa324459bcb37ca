import { Link } from 'react-router';
import { SetList } from '../../features/sets/components/set-card';
import { useSets } from '../../features/sets/api/sets-queries';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The shop's sets (`/shop?filter=sets`): sets of artworks sold together, never mixed into the artworks' grid, its
 * filters or its count.
 */
export function ShopSets() {
  const sets = useSets();
  usePageTitle('Sets of Artworks');
  return (
    <div className="page shop">
      <header className="shop__header">
        <h1>Sets of Artworks</h1>
        <p className="lead">Artworks chosen to hang together, for less than buying them one by one.</p>
        <p>
          <Link to="/shop">Back to all artworks</Link>
        </p>
      </header>
      {sets.isError && (
        <div className="notice notice--error" role="alert">
          <p>Could not load the sets. Please try again later.</p>
        </div>
      )}
      {sets.data && sets.data.length === 0 && (
        <div className="empty-state">
          <h2>No sets yet</h2>
          <p>There are no sets on sale right now.</p>
        </div>
      )}
      {sets.data && sets.data.length > 0 && (
        <>
          <p aria-live="polite">
            {sets.data.length} {sets.data.length === 1 ? 'set' : 'sets'}
          </p>
          <SetList sets={sets.data} />
        </>
      )}
    </div>
  );
}

/** The link to the sets, shown above the artworks when any set is on sale. */
export function ShopSetsLink() {
  const sets = useSets();
  if (!sets.data?.length) return null;
  return (
    <p>
      <Link to="/shop?filter=sets">Shop sets of artworks ({sets.data.length})</Link>
    </p>
  );
}

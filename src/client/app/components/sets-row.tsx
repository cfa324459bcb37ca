import { Link } from 'react-router';
import { SetList } from '../../features/sets/components/set-card';
import { useArtworkSets, useSets } from '../../features/sets/api/sets-queries';

const HOME_ROW = 4;

/** The home page's row of sets, there only when a set is on sale. */
export function HomeSetsRow() {
  const sets = useSets();
  if (!sets.data?.length) return null;
  return (
    <section className="section" aria-labelledby="sets-heading">
      <div className="section__head">
        <h2 id="sets-heading">Sets of Artworks</h2>
        <Link to="/shop?filter=sets">See all sets</Link>
      </div>
      <SetList sets={sets.data.slice(0, HOME_ROW)} />
    </section>
  );
}

/** On an artwork's page: the sets on sale it is a piece of. */
export function InTheseSets({ artworkId }: { artworkId: number }) {
  const sets = useArtworkSets(artworkId);
  if (!sets.data?.length) return null;
  return (
    <section className="section" aria-labelledby="in-sets-heading">
      <h2 id="in-sets-heading">In these sets</h2>
      <SetList sets={sets.data} />
    </section>
  );
}

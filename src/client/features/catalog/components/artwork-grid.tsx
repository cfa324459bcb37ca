import type { Artwork } from '../../../../shared/artwork';
import { ArtworkCard } from './artwork-card';

/** The first row is above the fold on most screens: those images load at once, the rest lazily. */
export function ArtworkGrid({ artworks, eagerCount = 4 }: { artworks: Artwork[]; eagerCount?: number }) {
  return (
    <ul className="artwork-grid">
      {artworks.map((artwork, index) => (
        <li key={artwork.id}>
          <ArtworkCard artwork={artwork} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

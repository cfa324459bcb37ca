import type { ReactNode } from 'react';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { ArtworkCard } from './artwork-card';

interface ArtworkGridProps {
  artworks: Artwork[];
  /** The first row is above the fold on most screens: those images load at once, the rest lazily. */
  eagerCount?: number;
  renderActions?: (artwork: Artwork) => ReactNode;
}

/**
 * A phone shows two cards a row, and the taller picture of the two is the page's largest paint (LCP): both are
 * fetched first. On a wider screen the first row has more cards, each smaller than the heading above them.
 */
const PRIORITY_COUNT = 2;

export function ArtworkGrid({ artworks, eagerCount = 4, renderActions }: ArtworkGridProps) {
  return (
    <ul className="artwork-grid">
      {artworks.map((artwork, index) => (
        <li key={artwork.id}>
          <ArtworkCard
            artwork={artwork}
            eager={index < eagerCount}
            priority={index < Math.min(PRIORITY_COUNT, eagerCount)}
            actions={renderActions?.(artwork)}
          />
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { ArtworkCard } from './artwork-card';

interface ArtworkGridProps {
  artworks: Artwork[];
  /** The first row is above the fold on most screens: those images load at once, the rest lazily. */
  eagerCount?: number;
  renderActions?: (artwork: Artwork) => ReactNode;
}

export function ArtworkGrid({ artworks, eagerCount = 4, renderActions }: ArtworkGridProps) {
  return (
    <ul className="artwork-grid">
      {artworks.map((artwork, index) => (
        <li key={artwork.id}>
          <ArtworkCard
            artwork={artwork}
            eager={index < eagerCount}
            priority={index === 0 && eagerCount > 0}
            actions={renderActions?.(artwork)}
          />
        </li>
      ))}
    </ul>
  );
}

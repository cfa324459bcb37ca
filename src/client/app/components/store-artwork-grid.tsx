import type { ComponentProps } from 'react';
import { ArtworkGrid } from '../../features/catalogue/components/artwork-grid';
import { ArtworkCardActions } from './artwork-card-actions';

/** The catalogue grid with the shop's card actions: what every visitor page shows. */
export function StoreArtworkGrid(props: Omit<ComponentProps<typeof ArtworkGrid>, 'renderActions'>) {
  return <ArtworkGrid {...props} renderActions={(artwork) => <ArtworkCardActions artwork={artwork} />} />;
}

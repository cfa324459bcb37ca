import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { createPersistedStore } from '../../lib/persisted-store';
import { addFavorite, parseFavorites, removeFavorite } from './favorites-rules';

const favoritesStore = createPersistedStore<Artwork[]>('wall-art-store.favorites', [], parseFavorites);

export const favoritesActions = {
  add: (artwork: Artwork) => favoritesStore.set((items) => addFavorite(items, artwork)),
  remove: (artworkId: number) => favoritesStore.set((items) => removeFavorite(items, artworkId)),
  toggle: (artwork: Artwork) =>
    favoritesStore.set((items) =>
      items.some((i) => i.id === artwork.id) ? removeFavorite(items, artwork.id) : addFavorite(items, artwork),
    ),
  clear: () => favoritesStore.set(() => []),
};

/** The favourites now, their replacement (the signed-in buyer's from the server), and a listener on their changes. */
export const favoritesContents = () => favoritesStore.get();
export const replaceFavorites = (artworks: readonly Artwork[]) => favoritesStore.set(() => [...artworks]);
export const subscribeFavorites = (listener: () => void) => favoritesStore.subscribe(listener);

export const useFavorites = favoritesStore.useValue;

export function useFavoritesCount(): number {
  return favoritesStore.useValue().length;
}

export function useIsFavorite(artworkId: number): boolean {
  return favoritesStore.useValue().some((item) => item.id === artworkId);
}

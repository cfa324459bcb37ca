import type { LicenceTier } from '#shared/licences.ts';
import { createPersistedStore } from '../../lib/persisted-store';
import {
  addToCart,
  cartItemCount,
  parseCart,
  removeFromCart,
  setCartQuantity,
  type CartArtwork,
  type CartItem,
} from './cart-rules';

const cartStore = createPersistedStore<CartItem[]>('wall-art-store.cart', [], parseCart);

export const cartActions = {
  add: (artwork: CartArtwork, licence?: LicenceTier) => cartStore.set((items) => addToCart(items, artwork, licence)),
  setQuantity: (artworkId: number, quantity: number, licence?: LicenceTier) =>
    cartStore.set((items) => setCartQuantity(items, artworkId, quantity, licence)),
  remove: (artworkId: number, licence?: LicenceTier) =>
    cartStore.set((items) => removeFromCart(items, artworkId, licence)),
  clear: () => cartStore.set(() => []),
};

export const useCartItems = cartStore.useValue;

export function useCartCount(): number {
  return cartItemCount(cartStore.useValue());
}

import type { LicencePrices, LicenceTier } from '#shared/licences/licences.ts';
import { createPersistedStore } from '../../lib/persisted-store';
import {
  addToCart,
  cartItemCount,
  parseCart,
  removeFromCart,
  setCartQuantity,
  underLicence,
  type CartArtwork,
  type CartItem,
} from './cart-rules';

const cartStore = createPersistedStore<CartItem[]>('wall-art-store.cart', [], parseCart);

export const cartActions = {
  /** Under the licence chosen, else the artwork's first offered one (see underLicence). */
  add: (artwork: CartArtwork & { licences?: LicencePrices }, licence?: LicenceTier) => {
    const line = underLicence(artwork, licence);
    cartStore.set((items) => addToCart(items, line.artwork, line.licence));
  },
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

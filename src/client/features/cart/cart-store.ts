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
  add: (artwork: CartArtwork) => cartStore.set((items) => addToCart(items, artwork)),
  setQuantity: (artworkId: number, quantity: number) =>
    cartStore.set((items) => setCartQuantity(items, artworkId, quantity)),
  remove: (artworkId: number) => cartStore.set((items) => removeFromCart(items, artworkId)),
  clear: () => cartStore.set(() => []),
};

export const useCartItems = cartStore.useValue;

export function useCartCount(): number {
  return cartItemCount(cartStore.useValue());
}

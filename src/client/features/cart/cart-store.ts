import type { LicencePrices, LicenceTier } from '#shared/licences/licences.ts';
import { sendFunnelBeacon } from '../../lib/funnel-beacon';
import { createPersistedStore } from '../../lib/persisted-store';
import {
  addToCart,
  cartItemCount,
  parseCart,
  removeFromCart,
  setCartAmount,
  setCartQuantity,
  underLicence,
  type CartArtwork,
  type CartItem,
} from './cart-rules';
import { addSetToCart, parseCartSets, removeSetFromCart, type CartSet } from './cart-sets';
import { addUpgradeToCart, parseCartUpgrades, removeUpgradeFromCart, type CartUpgrade } from './cart-upgrades';

const cartStore = createPersistedStore<CartItem[]>('wall-art-store.cart', [], parseCart);
/** The sets in the cart, kept beside its artworks (a set is one line, bought whole). */
const setStore = createPersistedStore<CartSet[]>('wall-art-store.cart-sets', [], parseCartSets);
/** Licence upgrades of the buyer's library (decision 0068), each one line. */
const upgradeStore = createPersistedStore<CartUpgrade[]>('wall-art-store.cart-upgrades', [], parseCartUpgrades);

export const cartActions = {
  /** Under the licence chosen, else the artwork's first offered one (see underLicence). */
  /** `amount`: a pay-what-you-want artwork's amount as the buyer typed it (else its suggested price). */
  add: (artwork: CartArtwork & { licences?: LicencePrices }, licence?: LicenceTier, amount?: number) => {
    const line = underLicence(artwork, licence, amount);
    cartStore.set((items) => addToCart(items, line.artwork, line.licence));
    sendFunnelBeacon(artwork.id, 'cart');
  },
  setQuantity: (artworkId: number, quantity: number, licence?: LicenceTier) =>
    cartStore.set((items) => setCartQuantity(items, artworkId, quantity, licence)),
  setAmount: (artworkId: number, amount: number) => cartStore.set((items) => setCartAmount(items, artworkId, amount)),
  remove: (artworkId: number, licence?: LicenceTier) =>
    cartStore.set((items) => removeFromCart(items, artworkId, licence)),
  addSet: (line: CartSet) => setStore.set((sets) => addSetToCart(sets, line)),
  removeSet: (setId: number, licence: LicenceTier) => setStore.set((sets) => removeSetFromCart(sets, setId, licence)),
  addUpgrade: (line: CartUpgrade) => upgradeStore.set((upgrades) => addUpgradeToCart(upgrades, line)),
  removeUpgrade: (itemId: number) => upgradeStore.set((upgrades) => removeUpgradeFromCart(upgrades, itemId)),
  clear: () => {
    cartStore.set(() => []);
    setStore.set(() => []);
    upgradeStore.set(() => []);
  },
};

/**
 * The cart's artworks and sets as they are now, their replacement (the signed-in buyer's cart from the server), and
 * a listener on their changes: what keeps a signed-in buyer's cart on the server uses these. Upgrades belong to the
 * buyer's library on this browser and are left alone.
 */
export const cartContents = () => ({ items: cartStore.get(), sets: setStore.get() });
export function replaceCart(items: readonly CartItem[], sets: readonly CartSet[]): void {
  cartStore.set(() => [...items]);
  setStore.set(() => [...sets]);
}
export function subscribeCart(listener: () => void): () => void {
  const items = cartStore.subscribe(listener);
  const sets = setStore.subscribe(listener);
  return () => {
    items();
    sets();
  };
}

export const useCartItems = cartStore.useValue;
export const useCartSets = setStore.useValue;
export const useCartUpgrades = upgradeStore.useValue;

export function useCartCount(): number {
  return cartItemCount(cartStore.useValue()) + setStore.useValue().length + upgradeStore.useValue().length;
}

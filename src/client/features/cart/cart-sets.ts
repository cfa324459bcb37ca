import { LICENCE_TIERS, type LicenceTier } from '#shared/licences/licences.ts';

// A set in the cart (decision 0067): one line, bought once, under one licence. The server splits its price into its
// pieces' lines; the cart keeps what it shows until the server's quote arrives.

export interface CartSet {
  setId: number;
  title: string;
  licence: LicenceTier;
  /** The set's price under the licence when it was added, in the store's currency. */
  price: number;
  coverUrl: string | null;
  pieces: number;
}

const sameLine = (line: CartSet, setId: number, licence: LicenceTier) =>
  line.setId === setId && line.licence === licence;

/** Adds the set, or, when it is in the cart already under that licence, keeps one line with today's words. */
export function addSetToCart(sets: readonly CartSet[], line: CartSet): CartSet[] {
  if (sets.some((set) => sameLine(set, line.setId, line.licence)))
    return sets.map((set) => (sameLine(set, line.setId, line.licence) ? line : set));
  return [...sets, line];
}

export function removeSetFromCart(sets: readonly CartSet[], setId: number, licence: LicenceTier): CartSet[] {
  return sets.filter((set) => !sameLine(set, setId, licence));
}

/** What the server prices: the set and its licence; its price is the server's own. */
export const cartSetsForServer = (sets: readonly CartSet[]) => sets.map(({ setId, licence }) => ({ setId, licence }));

/** Whatever is stored is trusted only as far as it has the shape of a set line. */
export function parseCartSets(raw: unknown): CartSet[] {
  if (!Array.isArray(raw)) return [];
  const lines: CartSet[] = [];
  for (const entry of raw as unknown[]) {
    const line = entry as Partial<Record<keyof CartSet, unknown>> | null;
    const licence = LICENCE_TIERS.find((tier) => tier === line?.licence);
    if (
      !line ||
      !licence ||
      !Number.isInteger(line.setId) ||
      (line.setId as number) <= 0 ||
      typeof line.title !== 'string' ||
      typeof line.price !== 'number' ||
      !Number.isFinite(line.price)
    )
      continue;
    const set: CartSet = {
      setId: line.setId as number,
      title: line.title,
      licence,
      price: line.price,
      coverUrl: typeof line.coverUrl === 'string' ? line.coverUrl : null,
      pieces: Number.isInteger(line.pieces) ? (line.pieces as number) : 0,
    };
    if (!lines.some((other) => sameLine(other, set.setId, licence))) lines.push(set);
  }
  return lines;
}

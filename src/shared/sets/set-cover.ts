// A set's cover (decisions 0066 and 0073): a piece's picture, or a gallery-wall mockup the store draws from the
// pieces. Zod-free, so the browser may import it.

export const SET_COVER_KINDS = ['piece', 'mockup'] as const;
export type SetCoverKind = (typeof SET_COVER_KINDS)[number];

/** The owner's words for the choice of a mockup, and for where it stands. */
export const SET_COVER_TEXTS = {
  mockupOption: 'Gallery-wall mockup (made by the store)',
  making: 'The store is drawing the gallery-wall mockup; the first artwork’s picture is the cover until it is ready.',
  failed: 'The gallery-wall mockup could not be drawn; the first artwork’s picture is the cover.',
  ready: 'The gallery-wall mockup is the cover.',
} as const;

/** How a set's order lines are headed on a receipt, the order page and the invoice. */
export const setHeading = (title: string) => `Set: ${title}`;

/** Lines of one set in a row, under its heading; lines bought on their own have none. */
export interface SetLineGroup<T> {
  heading: string | null;
  items: T[];
}

/**
 * An order's lines grouped for a receipt, the order page and the invoice: each run of lines of one set under
 * "Set: <title>" (the title kept on the line when it was sold; a line sold before titles were kept names the set by
 * its number), other lines on their own. The order of the lines is kept.
 */
export function groupSetLines<T>(
  items: readonly T[],
  setOf: (item: T) => { id: number | null | undefined; title: string | null | undefined },
): SetLineGroup<T>[] {
  const groups: Array<SetLineGroup<T> & { setId: number | null }> = [];
  for (const item of items) {
    const { id, title } = setOf(item);
    const setId = id ?? null;
    const last = groups.at(-1);
    if (last && setId !== null && last.setId === setId) last.items.push(item);
    else groups.push({ setId, heading: setId === null ? null : setHeading(title ?? `#${setId}`), items: [item] });
  }
  return groups.map(({ heading, items: grouped }) => ({ heading, items: grouped }));
}

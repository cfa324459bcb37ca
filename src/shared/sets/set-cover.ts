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

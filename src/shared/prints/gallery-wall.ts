import { framedSides, type FrameStyle, type Sides } from './framing';
import { GALLERY_PIECES } from './gallery-pieces';
import { galleryLayout, type GalleryLayout, type GalleryLayoutId } from './gallery-layout';
import { hangArrangement, type Hanging } from './gallery-hanging';
import { lengthText, toInches, type WallUnit } from './wall-units';

// A gallery wall's settings in the buyer's units, their limits, and the plan they make: the one path from what
// the buyer chose to the frames and nails the drawing shows and the hanging guide prints.

export { GALLERY_PIECES };

type Range = readonly [number, number];
/** Each length setting's limits in each unit: round numbers, about the same wall either way. */
export const GALLERY_RANGES: Record<'gap' | 'centreHeight' | 'hookDrop', Record<WallUnit, Range>> = {
  gap: { in: [0, 12], cm: [0, 30] },
  centreHeight: { in: [36, 84], cm: [90, 215] },
  hookDrop: { in: [0, 12], cm: [0, 30] },
};

/** What the planner starts with, in each unit: a 2 in (5 cm) gap, centred at 57 in (145 cm), hooks 2 in down. */
export const GALLERY_DEFAULTS: Record<WallUnit, { gap: number; centreHeight: number; hookDrop: number }> = {
  in: { gap: 2, centreHeight: 57, hookDrop: 2 },
  cm: { gap: 5, centreHeight: 145, hookDrop: 5 },
};

export const GALLERY_FIELD_NAMES = { gap: 'Gap', centreHeight: 'Centre height', hookDrop: "Hook's drop" } as const;

export const GALLERY_MESSAGES = {
  pieces: `Choose between ${GALLERY_PIECES.min} and ${GALLERY_PIECES.max} artworks.`,
  range: (field: keyof typeof GALLERY_RANGES, unit: WallUnit) => {
    const [low, high] = GALLERY_RANGES[field][unit];
    return `${GALLERY_FIELD_NAMES[field]} must be between ${low} and ${high} ${unit}.`;
  },
  unknownArtwork: 'This artwork is not in the shop.',
  unknownSize: "This size is not one of the artwork's print sizes.",
  dropTooLong: (shortest: string) => `The hook's drop must be less than the shortest frame's height (${shortest}).`,
  belowFloor: (least: string) =>
    `The arrangement would reach the floor: its centre must be at least ${least} above the floor.`,
  invalid: 'The gallery wall could not be planned: check the fields named.',
  tooMany: 'Too many hanging guides from this address: wait a minute and try again.',
} as const;

export interface GallerySettings {
  layout: GalleryLayoutId;
  frame: FrameStyle;
  mat: boolean;
  unit: WallUnit;
  /** The clear wall between neighbouring frames, in `unit`. */
  gap: number;
  /** How high the arrangement's centre hangs above the floor, in `unit`. */
  centreHeight: number;
  /** How far below a frame's top edge its hook is, in `unit`. */
  hookDrop: number;
}

export interface GalleryPlan {
  /** Each piece's frame outer size, in inches, in the order given. */
  outers: Sides[];
  layout: GalleryLayout;
  hanging: Hanging;
}

/** The plan for prints of these sides (inches, the way up each is hung) with these settings. */
export function planGalleryWall(prints: readonly Sides[], settings: GallerySettings): GalleryPlan {
  const outers = prints.map((print) => framedSides(print, settings.frame, settings.mat));
  const layout = galleryLayout(settings.layout, outers, toInches(settings.gap, settings.unit));
  const hanging = hangArrangement(
    layout,
    toInches(settings.centreHeight, settings.unit),
    toInches(settings.hookDrop, settings.unit),
  );
  return { outers, layout, hanging };
}

/**
 * What makes a plan impossible to hang, by field: a hook lower than a frame is tall, or an arrangement so tall for
 * its centre height that it would reach below the floor. Empty when it can be hung.
 */
export function galleryProblems(plan: GalleryPlan, settings: GallerySettings): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  const shortest = Math.min(...plan.outers.map((outer) => outer.height));
  if (toInches(settings.hookDrop, settings.unit) >= shortest) {
    problems.hookDrop = GALLERY_MESSAGES.dropTooLong(lengthText(shortest, settings.unit));
  }
  if (plan.hanging.bottomFromFloor < 0) {
    problems.centreHeight = GALLERY_MESSAGES.belowFloor(lengthText(plan.layout.height / 2, settings.unit));
  }
  return problems;
}

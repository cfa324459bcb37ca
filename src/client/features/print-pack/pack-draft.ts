import type { OwnerPrintPack, PrintPackUpdate } from '#shared/prints/print-pack-schema.ts';
import { RATIO_IDS, type RatioId } from '#shared/prints/print-sizes.ts';
import type { CropFractions } from '#shared/prints/ratio-crop.ts';
import { sameCrop } from './crop-moves';

// The owner's unsaved changes to a pack: which ratios are offered and where each crop sits. The page keeps a draft
// apart from the answer it polls, so the 2-second refresh while files are made never undoes a move in progress.

export interface PackDraft {
  offered: ReadonlySet<RatioId>;
  crops: Readonly<Record<RatioId, CropFractions>>;
}

export function draftOf(pack: OwnerPrintPack): PackDraft {
  const crops = {} as Record<RatioId, CropFractions>;
  for (const entry of pack.ratios) crops[entry.ratio] = entry.crop;
  return { offered: new Set(pack.ratios.filter((entry) => entry.offered).map((entry) => entry.ratio)), crops };
}

/** What Save sends: every ratio offered, in the store's order, and only the crops the owner moved. */
export function updateOf(draft: PackDraft, pack: OwnerPrintPack): PrintPackUpdate {
  const crops: PrintPackUpdate['crops'] = {};
  for (const entry of pack.ratios) {
    const crop = draft.crops[entry.ratio];
    if (crop && !sameCrop(crop, entry.crop)) crops[entry.ratio] = crop;
  }
  return { ratios: RATIO_IDS.filter((ratio) => draft.offered.has(ratio)), crops };
}

/** Whether the draft says anything the saved pack does not. */
export function isChanged(draft: PackDraft, pack: OwnerPrintPack): boolean {
  const update = updateOf(draft, pack);
  const saved = pack.ratios.filter((entry) => entry.offered).map((entry) => entry.ratio);
  const sameRatios = update.ratios.length === saved.length && update.ratios.every((ratio) => saved.includes(ratio));
  return !sameRatios || Object.keys(update.crops).length > 0;
}

import { describe, expect, it } from 'vitest';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { RATIO_IDS } from '#shared/prints/print-sizes.ts';
import { moveCrop } from './crop-moves';
import { draftOf, isChanged, updateOf } from './pack-draft';

const crop = { left: 0, top: 1 / 12, width: 1, height: 5 / 6 };
const pack: OwnerPrintPack = {
  artworkId: 7,
  master: { width: 1200, height: 1800 },
  progress: { status: 'ready', done: 6, total: 6, error: null },
  ratios: RATIO_IDS.map((ratio) => ({ ratio, offered: ratio !== '5x7', crop, cropped: false, file: null })),
};

describe("the owner's unsaved print pack", () => {
  it('starts as the saved pack, unchanged', () => {
    const draft = draftOf(pack);
    expect([...draft.offered]).toEqual(['2x3', '3x4', '4x5', '11x14', 'iso-a']);
    expect(isChanged(draft, pack)).toBe(false);
    expect(updateOf(draft, pack)).toEqual({ ratios: ['2x3', '3x4', '4x5', '11x14', 'iso-a'], crops: {} });
  });

  it('sends only the crops that moved', () => {
    const draft = draftOf(pack);
    const moved = { ...draft, crops: { ...draft.crops, '4x5': moveCrop(crop, 0, 0.05) } };
    expect(isChanged(moved, pack)).toBe(true);
    expect(Object.keys(updateOf(moved, pack).crops)).toEqual(['4x5']);
    const back = { ...moved, crops: { ...moved.crops, '4x5': moveCrop(moved.crops['4x5'], 0, -0.05) } };
    expect(isChanged(back, pack)).toBe(false);
  });

  it('lists the ratios offered in the store’s order, whatever order they were ticked in', () => {
    const draft = { ...draftOf(pack), offered: new Set(['iso-a', '5x7', '2x3'] as const) };
    expect(updateOf(draft, pack).ratios).toEqual(['2x3', '5x7', 'iso-a']);
    expect(isChanged(draft, pack)).toBe(true);
  });
});

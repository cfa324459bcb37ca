import { describe, expect, it } from 'vitest';
import { clampCrop, cropPositionText, dragCrop, keyMove, moveCrop, sameCrop } from './crop-moves';

/** A 4:5 crop of a 2:3 portrait master: the full width, 5/6 of the height. */
const crop = { left: 0, top: 0.1, width: 1, height: 5 / 6 };

describe("moving a crop in the owner's editor", () => {
  it('moves by a fraction of the picture and keeps the size', () => {
    const moved = moveCrop(crop, 0, 0.05);
    expect(moved.top).toBeCloseTo(0.15, 10);
    expect(moved.width).toBe(1);
    expect(moved.height).toBe(5 / 6);
  });

  it('stops at every edge of the picture', () => {
    expect(moveCrop(crop, 0, 1).top).toBeCloseTo(1 / 6, 10);
    expect(moveCrop(crop, 0, -1).top).toBe(0);
    expect(moveCrop(crop, 0.3, 0).left).toBe(0);
    expect(moveCrop(crop, -0.3, 0).left).toBe(0);
    const small = { left: 0.5, top: 0.5, width: 0.4, height: 0.3 };
    expect(moveCrop(small, 1, 1)).toEqual({ left: 0.6, top: 0.7, width: 0.4, height: 0.3 });
  });

  it('leaves a crop larger than the picture at its start rather than outside it', () => {
    expect(clampCrop({ left: 0.2, top: -0.1, width: 1.01, height: 1 })).toEqual({
      left: 0,
      top: 0,
      width: 1.01,
      height: 1,
    });
  });

  it('turns the arrow keys into 1 % steps, 10 % with Shift, and ignores other keys', () => {
    expect(keyMove('ArrowDown', false)).toEqual({ dx: 0, dy: 0.01 });
    expect(keyMove('ArrowUp', true)).toEqual({ dx: 0, dy: -0.1 });
    expect(keyMove('ArrowLeft', false)).toEqual({ dx: -0.01, dy: 0 });
    expect(keyMove('ArrowRight', true)).toEqual({ dx: 0.1, dy: 0 });
    expect(keyMove('Enter', false)).toBeNull();
    expect(keyMove('a', true)).toBeNull();
  });

  it('follows a drag in screen pixels over the picture as drawn', () => {
    const start = { left: 0.1, top: 0, width: 0.5, height: 1 };
    // 40 px to the right over a picture drawn 400 px wide: 10 % of it.
    expect(dragCrop(start, { x: 40, y: 25 }, { width: 400, height: 600 }).left).toBeCloseTo(0.2, 10);
    expect(dragCrop(start, { x: 40, y: 25 }, { width: 400, height: 600 }).top).toBe(0);
    expect(dragCrop(start, { x: -400, y: 0 }, { width: 400, height: 600 }).left).toBe(0);
    expect(dragCrop(start, { x: 10, y: 10 }, { width: 0, height: 0 })).toBe(start);
  });

  it('says where the crop is in whole percent', () => {
    expect(cropPositionText({ left: 0.004, top: 0.126, width: 1, height: 0.8 })).toBe(
      '0 % from the left, 13 % from the top',
    );
  });

  it('counts a crop moved there and back as the same', () => {
    const back = moveCrop(moveCrop(crop, 0, 0.03), 0, -0.03);
    expect(sameCrop(back, crop)).toBe(true);
    expect(sameCrop(moveCrop(crop, 0, 0.01), crop)).toBe(false);
  });
});

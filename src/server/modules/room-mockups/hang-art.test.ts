import { describe, expect, it } from 'vitest';
import { hangArt, matInches, printInches, type HangingSpace } from './hang-art';
import { sceneLayers } from './scene-layers';
import { MOCKUP_SCENES } from './scenes';
import { SCENE_HEIGHT, SCENE_WIDTH } from './svg-kit';

const overSofa: HangingSpace = {
  pxPerInch: 12,
  centerX: 900,
  bottomY: 518,
  maxWidthIn: 56,
  maxHeightIn: 28,
  maxAreaIn2: 700,
};

describe('the size a print hangs at', () => {
  it('is the largest that fits the space, its area capped, in the artwork’s shape', () => {
    const portrait = printInches(2 / 3, overSofa);
    expect(portrait.height).toBeCloseTo(28);
    expect(portrait.width).toBeCloseTo(18.67, 1);
    // A landscape fits 42 × 28 but is capped to the area: 700 in², as large as it looks next to the portrait.
    const landscape = printInches(3 / 2, overSofa);
    expect(landscape.width * landscape.height).toBeCloseTo(700);
    expect(landscape.width / landscape.height).toBeCloseTo(1.5);
    const square = printInches(1, overSofa);
    expect(square.width).toBeCloseTo(Math.sqrt(700));
    // A panorama is as wide as the space allows (2/3 of an 84 in sofa), within the area.
    const panorama = printInches(3, overSofa);
    expect(panorama.width).toBeLessThanOrEqual(56);
    expect(panorama.width).toBeGreaterThan(40);
    expect(panorama.width / panorama.height).toBeCloseTo(3);
  });

  it('has a mat of 1¾ to 3½ in, wider for a larger print', () => {
    expect(matInches({ width: 8, height: 10 })).toBe(1.75);
    expect(matInches({ width: 24, height: 36 })).toBeCloseTo(2.88);
    expect(matInches({ width: 40, height: 60 })).toBe(3.5);
  });

  it('lays out the frame, the mat and the opening around each other, the frame resting on the space’s lower edge', () => {
    const art = hangArt(2 / 3, overSofa);
    expect(art.frame.top + art.frame.height).toBe(overSofa.bottomY);
    expect(art.frame.left + art.frame.width / 2).toBeCloseTo(overSofa.centerX, 0);
    expect(art.mat.left - art.frame.left).toBe(art.framePx);
    expect(art.window.left - art.mat.left).toBe(art.window.top - art.mat.top);
    expect(art.window.left + art.window.width).toBe(art.mat.left + art.mat.width - (art.window.left - art.mat.left));
    expect(art.window.width / art.window.height).toBeCloseTo(2 / 3, 2);
  });

  it('refuses an aspect that is not a positive number', () => {
    expect(() => hangArt(0, overSofa)).toThrow(/aspect/);
    expect(() => hangArt(Number.NaN, overSofa)).toThrow(/aspect/);
  });
});

describe.each(MOCKUP_SCENES)('prints hung in the %s', (scene) => {
  it.each([
    ['a tall 1:3 portrait', 1 / 3],
    ['a 2:3 portrait', 2 / 3],
    ['a square', 1],
    ['a 3:2 landscape', 3 / 2],
    ['a 3:1 panorama', 3],
    ['a 4:1 panorama', 4],
  ])('keep %s framed inside the picture, with wall around it', (_, aspect) => {
    const { frame, window } = sceneLayers(scene, aspect);
    expect(frame.top).toBeGreaterThanOrEqual(40);
    expect(frame.left).toBeGreaterThanOrEqual(200);
    expect(frame.left + frame.width).toBeLessThanOrEqual(SCENE_WIDTH - 200);
    expect(frame.top + frame.height).toBeLessThan(SCENE_HEIGHT / 2);
    // Large enough to see the artwork in the 800 px mockup (at least 40 px on its short side there, for a 1:3 or a 4:1).
    expect((Math.min(window.width, window.height) * 800) / SCENE_WIDTH).toBeGreaterThanOrEqual(40);
  });
});

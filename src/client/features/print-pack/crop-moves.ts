import type { CropFractions } from '#shared/prints/ratio-crop.ts';

// How the owner moves a crop in the editor. The crop's size never changes here: it is the largest crop of its ratio,
// and only where it sits is the owner's choice. Positions are fractions of the picture, as the server keeps them.

/** One arrow-key press moves the crop by 1 % of the picture; with Shift, by 10 %. */
export const KEY_STEP = 0.01;
export const LARGE_KEY_STEP = 0.1;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The crop pushed back inside the picture, the same size. */
export function clampCrop(crop: CropFractions): CropFractions {
  return {
    ...crop,
    left: clamp(crop.left, 0, Math.max(0, 1 - crop.width)),
    top: clamp(crop.top, 0, Math.max(0, 1 - crop.height)),
  };
}

/** The crop moved by these fractions of the picture, and kept inside it. */
export function moveCrop(crop: CropFractions, dx: number, dy: number): CropFractions {
  return clampCrop({ ...crop, left: crop.left + dx, top: crop.top + dy });
}

/** How far an arrow key moves the crop, as fractions of the picture; null for any other key. */
export function keyMove(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? LARGE_KEY_STEP : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}

/**
 * Where a drag puts the crop: where it was when the drag began, moved by the pointer's travel in CSS pixels over the
 * picture drawn `stage` pixels big. Measuring from the start (not adding up each move) keeps a long drag exact.
 */
export function dragCrop(
  start: CropFractions,
  travel: { x: number; y: number },
  stage: { width: number; height: number },
): CropFractions {
  if (stage.width <= 0 || stage.height <= 0) return start;
  return moveCrop(start, travel.x / stage.width, travel.y / stage.height);
}

/** What the crop box tells a screen reader about where it is: '12 % from the left, 0 % from the top'. */
export function cropPositionText(crop: CropFractions): string {
  return `${Math.round(crop.left * 100)} % from the left, ${Math.round(crop.top * 100)} % from the top`;
}

/** Closer than this (a millionth of the picture) is the same place: arithmetic on fractions leaves crumbs. */
const SAME = 1e-6;

export function sameCrop(a: CropFractions, b: CropFractions): boolean {
  return (['left', 'top', 'width', 'height'] as const).every((side) => Math.abs(a[side] - b[side]) < SAME);
}

import { RATIO_TOLERANCE, ratioError, type PrintRatio } from './print-sizes';

// A print pack's crops: for each ratio, the part of the master its file is cut from. They are kept as fractions of
// the master (0..1), so a larger master of the same picture uploaded later keeps them, and turned into whole pixels
// only when a file is made. The master meant is always the upright one (after its EXIF orientation).

export type Orientation = 'portrait' | 'landscape';

export interface Size {
  width: number;
  height: number;
}

/** A crop in whole pixels of the master. */
export interface PixelCrop extends Size {
  left: number;
  top: number;
}

/** A crop as fractions of the master's width (left, width) and height (top, height). */
export interface CropFractions {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A portrait master gives portrait crops and a landscape one landscape crops. A square master gives portrait
 * crops: wall art is mostly hung upright, frames are sold upright first, and from a square either way up cuts the
 * same share of the picture.
 */
export function orientationOf(master: Size): Orientation {
  return master.width > master.height ? 'landscape' : 'portrait';
}

/** Width ÷ height of a crop of this ratio. */
export function aspectOf(ratio: PrintRatio, orientation: Orientation): number {
  return orientation === 'portrait' ? ratio.short / ratio.long : ratio.long / ratio.short;
}

/**
 * The largest crop of the ratio inside `box`, in whole pixels: as tall as the box or as wide, the other side
 * rounded, whichever is larger and fits (the taller on a tie, so the crop of a box that is already a crop is that
 * box). Rounding a side of at least 100 px moves the ratio by 0.5 % at most; only a box too small for that needs a
 * smaller crop, and one too small for any crop within RATIO_TOLERANCE is a RangeError.
 */
export function largestCropSize(ratio: PrintRatio, box: Size, orientation: Orientation): Size {
  const aspect = aspectOf(ratio, orientation);
  const fits = ({ width, height }: Size) =>
    width > 0 &&
    height > 0 &&
    width <= box.width &&
    height <= box.height &&
    ratioError(width, height, aspect) <= RATIO_TOLERANCE;
  const [tall, wide] = [
    { width: Math.round(box.height * aspect), height: box.height },
    { width: box.width, height: Math.round(box.width / aspect) },
  ];
  if (fits(tall) && (!fits(wide) || tall.width * tall.height >= wide.width * wide.height)) return tall;
  if (fits(wide)) return wide;
  for (let height = Math.min(box.height, Math.round(box.width / aspect)); height > 0; height--) {
    const size = { width: Math.round(height * aspect), height };
    if (fits(size)) return size;
  }
  throw new RangeError(`${box.width} × ${box.height} px is too small for a crop of ${ratio.label}`);
}

export function toFractions(crop: PixelCrop, master: Size): CropFractions {
  return {
    left: crop.left / master.width,
    top: crop.top / master.height,
    width: crop.width / master.width,
    height: crop.height / master.height,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The crop in whole pixels of this master: the largest crop of the exact ratio inside the rectangle the fractions
 * mark, centred on it and moved inside the master if rounding took it over an edge. Fractions made from pixels of
 * the same master give those pixels back.
 */
export function toPixels(ratio: PrintRatio, crop: CropFractions, master: Size): PixelCrop {
  const box = { width: crop.width * master.width, height: crop.height * master.height };
  const size = largestCropSize(
    ratio,
    { width: Math.min(master.width, Math.round(box.width)), height: Math.min(master.height, Math.round(box.height)) },
    orientationOf(master),
  );
  const left = Math.round(crop.left * master.width + (box.width - size.width) / 2);
  const top = Math.round(crop.top * master.height + (box.height - size.height) / 2);
  return { left: clamp(left, 0, master.width - size.width), top: clamp(top, 0, master.height - size.height), ...size };
}

/** The largest crop of the ratio in the middle of the master: what a pack uses until the owner picks another. */
export function centredCrop(ratio: PrintRatio, master: Size): CropFractions {
  const size = largestCropSize(ratio, master, orientationOf(master));
  return toFractions(
    { left: Math.floor((master.width - size.width) / 2), top: Math.floor((master.height - size.height) / 2), ...size },
    master,
  );
}

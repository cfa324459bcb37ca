import { RATIO_TOLERANCE, ratioError, type PrintRatio } from '#shared/prints/print-sizes.ts';
import { InvalidInputError } from '../../errors';
import {
  aspectOf,
  orientationOf,
  toFractions,
  toPixels,
  type CropFractions,
  type Size,
} from '#shared/prints/ratio-crop.ts';

type Field = keyof CropFractions;

/**
 * An owner's crop for one ratio, checked against the master it is for: every field a fraction of the picture, the
 * crop inside it (to half a pixel, what rounding in an editor may add), and its width ÷ height the ratio's, the
 * master's way up, within RATIO_TOLERANCE. The answer is the crop snapped to whole pixels of this master, as it is
 * kept. A crop that breaks a rule is an InvalidInputError whose details name the field.
 */
export function checkCrop(ratio: PrintRatio, crop: CropFractions, master: Size): CropFractions {
  const reject = (field: Field, message: string): never => {
    throw new InvalidInputError(`The ${ratio.label} crop: ${field} ${message}.`, { [field]: [message] });
  };
  for (const field of ['left', 'top', 'width', 'height'] as const) {
    if (!Number.isFinite(crop[field])) reject(field, 'must be a number');
  }
  if (crop.left < 0 || crop.left >= 1)
    reject('left', 'must be at least 0 and less than 1 (a fraction of the picture’s width)');
  if (crop.top < 0 || crop.top >= 1)
    reject('top', 'must be at least 0 and less than 1 (a fraction of the picture’s height)');
  if (crop.width <= 0) reject('width', 'must be more than 0');
  if (crop.height <= 0) reject('height', 'must be more than 0');
  if (crop.left + crop.width > 1 + 0.5 / master.width) reject('width', 'takes the crop past the picture’s right edge');
  if (crop.top + crop.height > 1 + 0.5 / master.height)
    reject('height', 'takes the crop past the picture’s bottom edge');

  const orientation = orientationOf(master);
  const [width, height] = [crop.width * master.width, crop.height * master.height];
  if (ratioError(width, height, aspectOf(ratio, orientation)) > RATIO_TOLERANCE) {
    reject(
      'height',
      `makes the crop ${Math.round(width)} × ${Math.round(height)} px, which is not ${ratio.label} ${orientation}`,
    );
  }
  try {
    return toFractions(toPixels(ratio, crop, master), master);
  } catch (error) {
    if (error instanceof RangeError) return reject('width', 'leaves too few pixels for a crop of this ratio');
    throw error;
  }
}

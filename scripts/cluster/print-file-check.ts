// What a print pack's file must be (decision 0031): the largest crop of its ratio, so within 0.5 % of the ratio
// the master's way up, no larger than the master, a JPEG at 300 DPI.
import sharp from 'sharp';
import { printRatio, PRINT_DPI, RATIO_TOLERANCE, ratioError, type RatioId } from '../../src/shared/prints/print-sizes';
import { aspectOf, orientationOf, type Size } from '../../src/shared/prints/ratio-crop';

export interface PrintFileFacts extends Size {
  format: string;
  density: number | undefined;
  /** How far width ÷ height is from the ratio's, as a fraction. */
  error: number;
}

/** The file's facts, and what is wrong with it (empty when nothing). */
export async function checkPrintFile(
  bytes: Buffer,
  ratio: RatioId,
  master: Size,
): Promise<{ facts: PrintFileFacts; problems: string[] }> {
  const meta = await sharp(bytes).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const error = ratioError(width, height, aspectOf(printRatio(ratio), orientationOf(master)));
  const facts = { width, height, format: meta.format ?? '', density: meta.density, error };
  const problems = [
    meta.format !== 'jpeg' && `is ${meta.format}, not JPEG`,
    error > RATIO_TOLERANCE && `${width} × ${height} is ${(error * 100).toFixed(2)} % off ${ratio}`,
    (width > master.width || height > master.height) &&
      `${width} × ${height} is larger than the master's ${master.width} × ${master.height}`,
    meta.density !== PRINT_DPI && `says ${meta.density ?? 'no'} DPI, not ${PRINT_DPI}`,
  ].filter((problem): problem is string => typeof problem === 'string');
  return { facts, problems: problems.map((problem) => `${ratio}: ${problem}`) };
}

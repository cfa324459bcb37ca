import { bothUnits } from '#shared/prints/master-print-sizes.ts';
import { PRINT_DPI, printLabel, printRatio, printSizesAt, type RatioId } from '#shared/prints/print-sizes.ts';

export const FRAME_GUIDE_NAME = 'Which file fits which frame.txt';

/**
 * The text file in a print pack's ZIP: each file, its ratio and pixels, and the frames it fills at 300 DPI in
 * inches and centimetres. Windows line ends, so that every editor (Notepad included) shows the lines.
 */
export function frameGuideText(
  packName: string,
  files: ReadonlyArray<{ ratio: RatioId; width: number; height: number; fileName: string }>,
): string {
  const lines = [
    packName,
    '',
    `Each file is the largest part of the artwork in its shape (ratio), at ${PRINT_DPI} DPI.`,
    'Pick the file whose ratio matches your frame: it fills the frame without cropping or white borders.',
    'A frame smaller than the sizes listed, in the same ratio, works too.',
    '',
  ];
  for (const file of files) {
    const sizes = printSizesAt(file.width, file.height);
    lines.push(file.fileName);
    lines.push(`  Ratio ${printRatio(file.ratio).label}: ${printLabel(file.width, file.height)}`);
    lines.push(
      sizes.length > 0
        ? `  Fits frames: ${sizes.map(bothUnits).join(', ')}`
        : '  Smaller than the standard frame sizes of its ratio at full quality.',
    );
    lines.push('');
  }
  return lines.join('\r\n');
}

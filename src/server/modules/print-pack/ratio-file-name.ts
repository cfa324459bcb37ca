import { printSizesAt, type PrintRatio, type PrintSize } from '#shared/prints/print-sizes.ts';
import { safeFileBaseName } from '../../file-names';
import type { Size } from '#shared/prints/ratio-crop.ts';

/** The sizes a file prints at 300 DPI, as a name says them: '8x10, 16x20 in', '5x7, 10x14 in, 50x70 cm', 'A5, A4'. */
function sizesText(sizes: PrintSize[]): string {
  const sides = (size: PrintSize) => `${size.short}x${size.long}`;
  const inches = sizes.filter((size) => size.unit === 'in').map(sides);
  const centimetres = sizes.filter((size) => size.unit === 'cm').map(sides);
  const iso = sizes.filter((size) => size.unit === 'iso').map((size) => size.name);
  return [
    inches.length ? `${inches.join(', ')} in` : '',
    centimetres.length ? `${centimetres.join(', ')} cm` : '',
    iso.join(', '),
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The name a pack's file is saved under, saying what it is: the title (made safe for file systems, 'artwork-<id>'
 * when nothing is left of it), the ratio, and the standard sizes the crop prints at 300 DPI:
 * 'Museum Arches – 4x5 (8x10, 16x20 in).jpg'. A crop too small for any standard size has no brackets.
 */
export function ratioFileName(
  title: string,
  artworkId: number,
  ratio: PrintRatio,
  crop: Size,
  extension: string,
): string {
  const base = safeFileBaseName(title) || `artwork-${artworkId}`;
  const sizes = sizesText(printSizesAt(crop.width, crop.height));
  const ratioText = ratio.id === 'iso-a' ? 'ISO A' : ratio.id;
  return `${base} – ${ratioText}${sizes ? ` (${sizes})` : ''}.${extension}`;
}

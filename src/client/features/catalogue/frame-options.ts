import { frameValueOf } from '#shared/catalogue/browse-facets.ts';
import { PRINT_SIZES, type PrintSize } from '#shared/prints/print-sizes.ts';

export interface FrameOption {
  /** The URL's value: '8x10', 'a4', '50x70cm'. */
  value: string;
  label: string;
}

export interface FrameGroup {
  label: string;
  options: FrameOption[];
}

const bySize = (a: PrintSize, b: PrintSize) => a.short - b.short || a.long - b.long;

/**
 * "Fits my frame"'s choices, grouped the way frames are sold: inch sizes smallest first (PRINT_SIZES lists them by
 * ratio, but a buyer looks for "8 × 10" among sizes, not among ratios), then the ISO A sizes, then centimetres.
 * An A size says its centimetres too: not everyone knows A3 by heart.
 */
export function frameGroups(sizes: readonly PrintSize[] = PRINT_SIZES): FrameGroup[] {
  const ofUnit = (unit: PrintSize['unit']) => sizes.filter((size) => size.unit === unit);
  const option = (size: PrintSize): FrameOption => ({
    value: frameValueOf(size),
    label: size.unit === 'iso' ? `${size.name} (${size.cmText})` : size.name,
  });
  const groups: FrameGroup[] = [
    { label: 'Inches', options: [...ofUnit('in')].sort(bySize).map(option) },
    { label: 'ISO paper sizes', options: ofUnit('iso').map(option) },
    { label: 'Centimetres', options: ofUnit('cm').sort(bySize).map(option) },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** A frame value's words for a chip: 'Fits 8 × 10 in', 'Fits A4'. */
export function frameLabel(value: string, sizes: readonly PrintSize[] = PRINT_SIZES): string | undefined {
  const size = sizes.find((candidate) => frameValueOf(candidate) === value);
  return size && `Fits ${size.name}`;
}

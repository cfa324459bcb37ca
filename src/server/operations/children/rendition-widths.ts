/**
 * The widths a picture `width` wide is rendered at for srcset: those of `widths` narrower than it, and its own when
 * one of them was not (never enlarged). The uploads' image pipeline and the decode child both follow it.
 */
export function renditionWidths(widths: readonly number[], width: number): number[] {
  const narrower = widths.filter((w) => w < width);
  return narrower.length < widths.length ? [...narrower, width] : narrower;
}

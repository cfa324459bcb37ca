import { COLOR_FAMILY_SWATCHES, type ColorFamily } from '#shared/catalogue/browse-facets.ts';

// A colour drawn as an SVG circle: its fill is an attribute, not an inline style, so the server-rendered HTML shows
// it under the store's Content Security Policy (style-src 'self' refuses style="" attributes).

/** A round swatch of `hex`, decorative: the button or link around it carries the name. */
export function SwatchDot({ hex, className = 'swatch-dot' }: { hex: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9.5" fill={hex} />
    </svg>
  );
}

/** A family's swatch: its colour, or for multicolour a wheel of the hues (drawn by the stylesheet). */
export function FamilyDot({ family }: { family: ColorFamily }) {
  if (family === 'multicolor') return <span className="swatch-dot swatch-dot--wheel" aria-hidden="true" />;
  return <SwatchDot hex={COLOR_FAMILY_SWATCHES[family].hex} />;
}

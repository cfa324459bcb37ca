import { Link } from 'react-router';
import type { PaletteColor } from '#shared/catalogue/browse-facets.ts';

// Self-contained on purpose: importing the shop's swatch drawing or browse-facets.ts here would put a chunk shared
// by the artwork page and the shop in front of both (and into the entry's preload list).

/**
 * The artwork's dominant colours, heaviest first, as a term of its Specifications list: each swatch leads to the
 * shop's art of its colour family and shows its hex on hover. An SVG fill, not an inline style, which the Content
 * Security Policy would refuse in the server's HTML. Nothing until the picture has been read.
 */
export function PaletteSwatches({ palette }: { palette: readonly PaletteColor[] }) {
  if (palette.length === 0) return null;
  return (
    <>
      <dt>Colors</dt>
      <dd>
        <ul className="palette-swatches">
          {palette.map((color, index) => (
            <li key={`${index}-${color.hex}`}>
              <Link
                className="palette-swatches__link"
                to={`/shop?color=${color.family}`}
                aria-label={`Shop ${color.family} art`}
                title={color.hex}
              >
                <svg className="swatch-dot" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <circle cx="10" cy="10" r="9.5" fill={color.hex} />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

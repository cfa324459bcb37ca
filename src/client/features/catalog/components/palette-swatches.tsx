import { Link } from 'react-router';
import { COLOR_FAMILY_SWATCHES, type PaletteColor } from '#shared/browse-facets.ts';
import { SwatchDot } from './swatch-dot';

/**
 * The artwork's dominant colours, heaviest first, as a term of its Specifications list: each swatch leads to the
 * shop's art of its colour family and shows its hex on hover. Nothing until the picture has been read.
 */
export function PaletteSwatches({ palette }: { palette: readonly PaletteColor[] }) {
  if (palette.length === 0) return null;
  return (
    <>
      <dt>Colours</dt>
      <dd>
        <ul className="palette-swatches">
          {palette.map((color, index) => (
            <li key={`${index}-${color.hex}`}>
              <Link
                className="palette-swatches__link"
                to={`/shop?color=${color.family}`}
                aria-label={`Shop ${COLOR_FAMILY_SWATCHES[color.family].label.toLowerCase()} art`}
                title={color.hex}
              >
                <SwatchDot hex={color.hex} />
              </Link>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

import { Fragment } from 'react';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';

/**
 * The artwork's print sizes for its Specifications: per ratio, the standard sizes its file prints at 300 DPI, in
 * inches with centimetres beside them (A sizes and 50 × 70 cm by name, with the other unit beside them).
 */
export function PrintSizesList({ printSizes }: { printSizes: ArtworkDetail['printSizes'] }) {
  return (
    <ul className="print-sizes">
      {printSizes.map((entry) => (
        <li key={entry.ratio} className="print-sizes__ratio">
          <strong>{entry.label}</strong>{' '}
          {entry.sizes.length > 0 ? (
            entry.sizes.map((size, index) => (
              // Each size, and the other unit beside it, is unbreakable; a line breaks between them (a phone's
              // narrow column holds "12 × 18 in" but not "12 × 18 in (30.5 × 45.7 cm)") or after a comma.
              <Fragment key={size.name}>
                {index > 0 && ', '}
                <span className="print-sizes__size">{size.name}</span>{' '}
                <span className="print-sizes__size muted">({size.name === size.cm ? size.inches : size.cm})</span>
              </Fragment>
            ))
          ) : (
            <span className="muted">
              {entry.width} × {entry.height} px
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

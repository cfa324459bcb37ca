import { useId } from 'react';
import { ORIENTATIONS, type Orientation } from '#shared/catalogue/browse-facets.ts';

const LABELS: Record<Orientation, string> = {
  portrait: 'Portrait',
  landscape: 'Landscape',
  square: 'Square',
  panoramic: 'Panoramic',
};

export const orientationLabel = (orientation: Orientation) => LABELS[orientation];

interface OrientationFilterProps {
  value: Orientation | undefined;
  onChange: (orientation: Orientation | undefined) => void;
}

/** Segmented radio buttons, each with a small frame of its shape; "Any" is a choice so the keyboard can undo one. */
export function OrientationFilter({ value, onChange }: OrientationFilterProps) {
  const name = useId();
  const choices: Array<Orientation | undefined> = [undefined, ...ORIENTATIONS];
  return (
    <fieldset className="shop-filter orientation-filter">
      <legend className="shop-filter__legend">Orientation</legend>
      <div className="orientation-filter__segments">
        {choices.map((orientation) => (
          <label key={orientation ?? 'any'} className="orientation-filter__segment">
            <input
              type="radio"
              name={name}
              value={orientation ?? ''}
              checked={value === orientation}
              onChange={() => onChange(orientation)}
            />
            <span className={`orientation-icon orientation-icon--${orientation ?? 'any'}`} aria-hidden="true" />
            {orientation ? LABELS[orientation] : 'Any'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

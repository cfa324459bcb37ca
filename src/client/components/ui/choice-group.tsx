import type { ReactNode } from 'react';
import './scene-controls.css';

interface ChoiceGroupProps<T extends string> {
  legend: string;
  /** The radio group's name: unique on the page (a `useId()` prefix). */
  name: string;
  options: readonly T[];
  value: T;
  labelOf: (option: T) => ReactNode;
  onChange: (option: T) => void;
}

/** One choice among a few, as a row of pill-shaped radio buttons under a legend (wall colour, frame, layout, units). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  labelOf,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="scene-controls__group">
      <legend>{legend}</legend>
      <div className="scene-controls__options">
        {options.map((option) => (
          <label key={option} className="scene-controls__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

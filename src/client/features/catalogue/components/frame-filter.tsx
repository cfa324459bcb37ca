import { useId } from 'react';
import { frameGroups } from '../frame-options';

const GROUPS = frameGroups();

interface FrameFilterProps {
  value: string | undefined;
  onChange: (frame: string | undefined) => void;
}

/** "Fits my frame": the artworks whose print pack fills a frame size the buyer already owns, at full quality. */
export function FrameFilter({ value, onChange }: FrameFilterProps) {
  const hintId = useId();
  return (
    <label className="field shop-filter frame-filter">
      <span className="shop-filter__legend">Fits my frame</span>
      <select value={value ?? ''} aria-describedby={hintId} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">Any frame size</option>
        {GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <span id={hintId} className="shop-filter__hint">
        Have a frame already? See the art that prints sharp at its size.
      </span>
    </label>
  );
}

import type { WallSizeChoice } from '#shared/prints/wall-sizes.ts';
import './scene-controls.css';

interface PrintSizeSelectProps {
  id: string;
  label: string;
  choice: WallSizeChoice;
  /** The chosen size's id. */
  value: string;
  onChange: (sizeId: string) => void;
}

/** A print size from an artwork's pack, grouped by ratio (or the common sizes of its ratio). */
export function PrintSizeSelect({ id, label, choice, value, onChange }: PrintSizeSelectProps) {
  return (
    <div className="scene-controls__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choice.groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.sizes.map((size) => (
              <option key={size.id} value={size.id}>
                {size.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

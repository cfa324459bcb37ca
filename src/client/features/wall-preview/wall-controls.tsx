import { useId } from 'react';
import { FRAME_STYLES, MAT_WIDTH, type FrameStyle } from './wall-geometry';
import { FRAME_COLOURS, FRAME_NAMES, WALL_COLOURS, type WallColour } from './wall-palette';
import type { WallSize, WallSizeChoice } from '#shared/prints/wall-sizes.ts';

export interface WallSettings {
  size: WallSize;
  wall: WallColour;
  frame: FrameStyle;
  mat: boolean;
}

interface WallControlsProps {
  choice: WallSizeChoice;
  settings: WallSettings;
  onChange: (settings: WallSettings) => void;
}

const allSizes = (choice: WallSizeChoice) => choice.groups.flatMap((group) => group.sizes);

/** The wall preview's form: print size (a select), wall colour and frame (radio groups), mat (a checkbox). */
export function WallControls({ choice, settings, onChange }: WallControlsProps) {
  const ids = useId();
  const set = (change: Partial<WallSettings>) => onChange({ ...settings, ...change });

  return (
    <form className="wall-controls" onSubmit={(event) => event.preventDefault()}>
      <div className="wall-controls__field">
        <label htmlFor={`${ids}size`}>Print size</label>
        <select
          id={`${ids}size`}
          value={settings.size.id}
          onChange={(event) => {
            const size = allSizes(choice).find((candidate) => candidate.id === event.target.value);
            if (size) set({ size });
          }}
        >
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

      <fieldset className="wall-controls__group">
        <legend>Wall color</legend>
        <div className="wall-controls__options">
          {WALL_COLOURS.map((wall) => (
            <label key={wall.id} className="wall-controls__option">
              <input
                type="radio"
                name={`${ids}wall`}
                value={wall.id}
                checked={settings.wall.id === wall.id}
                onChange={() => set({ wall })}
              />
              <span className="wall-controls__swatch" style={{ background: wall.hex }} aria-hidden="true" />
              {wall.name}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="wall-controls__group">
        <legend>Frame</legend>
        <div className="wall-controls__options">
          {FRAME_STYLES.map((frame) => (
            <label key={frame} className="wall-controls__option">
              <input
                type="radio"
                name={`${ids}frame`}
                value={frame}
                checked={settings.frame === frame}
                onChange={() => set({ frame })}
              />
              <span
                className={`wall-controls__swatch wall-controls__swatch--frame-${frame}`}
                style={frame === 'black' || frame === 'white' ? { background: FRAME_COLOURS[frame] } : undefined}
                aria-hidden="true"
              />
              {FRAME_NAMES[frame]}
            </label>
          ))}
        </div>
      </fieldset>

      <label className="wall-controls__check">
        <input type="checkbox" checked={settings.mat} onChange={(event) => set({ mat: event.target.checked })} />
        White mat ({MAT_WIDTH} in / {Math.round(MAT_WIDTH * 2.54)} cm border)
      </label>
    </form>
  );
}

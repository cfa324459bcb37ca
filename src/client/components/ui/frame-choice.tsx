import { FRAME_COLOURS, FRAME_NAMES, FRAME_STYLES, MAT_WIDTH, type FrameStyle } from '#shared/prints/framing.ts';
import { ChoiceGroup } from './choice-group';
import './scene-controls.css';

interface FrameChoiceProps {
  name: string;
  value: FrameStyle;
  onChange: (frame: FrameStyle) => void;
}

/** The frame of a print on a wall drawing, each with a swatch of how the drawing paints it. */
export function FrameChoice({ name, value, onChange }: FrameChoiceProps) {
  return (
    <ChoiceGroup
      legend="Frame"
      name={name}
      options={FRAME_STYLES}
      value={value}
      onChange={onChange}
      labelOf={(frame) => (
        <>
          <span
            className={`scene-controls__swatch scene-controls__swatch--frame-${frame}`}
            style={frame === 'black' || frame === 'white' ? { background: FRAME_COLOURS[frame] } : undefined}
            aria-hidden="true"
          />
          {FRAME_NAMES[frame]}
        </>
      )}
    />
  );
}

/** The white mat around a print, on or off. */
export function MatCheckbox({ checked, onChange }: { checked: boolean; onChange: (mat: boolean) => void }) {
  return (
    <label className="scene-controls__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      White mat ({MAT_WIDTH} in / {Math.round(MAT_WIDTH * 2.54)} cm border)
    </label>
  );
}

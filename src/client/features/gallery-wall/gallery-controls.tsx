import { useId } from 'react';
import { FRAME_STYLES, MAT_WIDTH } from '#shared/prints/framing.ts';
import { GALLERY_LAYOUT_NAMES, GALLERY_LAYOUTS } from '#shared/prints/gallery-layout.ts';
import { GALLERY_FIELD_NAMES } from '#shared/prints/gallery-wall.ts';
import type { WallSizeChoice } from '#shared/prints/wall-sizes.ts';
import { WALL_UNITS, type WallUnit } from '#shared/prints/wall-units.ts';
import { LENGTH_FIELDS, readLength, switchUnit, type LengthField, type PlannerForm } from './gallery-settings';

export interface PieceChoice {
  id: number;
  title: string;
  choice: WallSizeChoice;
  size: string;
}

interface GalleryControlsProps {
  form: PlannerForm;
  onChange: (form: PlannerForm) => void;
  pieces: readonly PieceChoice[];
  onSize: (artworkId: number, size: string) => void;
}

const FRAME_LABELS = { none: 'None', black: 'Black', white: 'White', oak: 'Oak' } as const;
const UNIT_LABELS: Record<WallUnit, string> = { in: 'Inches', cm: 'Centimetres' };
const HINTS: Record<LengthField, string> = {
  gap: 'Clear wall between neighbouring frames.',
  centreHeight: "The arrangement's middle, above the floor (57 in / 145 cm is eye level).",
  hookDrop: "From a frame's top edge down to its hook or taut wire.",
};

/** The planner's form: layout, units, each piece's print size, frame, mat and the three lengths. */
export function GalleryControls({ form, onChange, pieces, onSize }: GalleryControlsProps) {
  const ids = useId();
  const set = (change: Partial<PlannerForm>) => onChange({ ...form, ...change });

  return (
    <form className="gallery-controls" onSubmit={(event) => event.preventDefault()}>
      <fieldset className="gallery-controls__group">
        <legend>Layout</legend>
        <div className="gallery-controls__options">
          {GALLERY_LAYOUTS.map((layout) => (
            <label key={layout} className="gallery-controls__option">
              <input
                type="radio"
                name={`${ids}layout`}
                value={layout}
                checked={form.layout === layout}
                onChange={() => set({ layout })}
              />
              {GALLERY_LAYOUT_NAMES[layout]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="gallery-controls__group">
        <legend>Units</legend>
        <div className="gallery-controls__options">
          {WALL_UNITS.map((unit) => (
            <label key={unit} className="gallery-controls__option">
              <input
                type="radio"
                name={`${ids}unit`}
                value={unit}
                checked={form.unit === unit}
                onChange={() => onChange(switchUnit(form, unit))}
              />
              {UNIT_LABELS[unit]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="gallery-controls__lengths">
        {LENGTH_FIELDS.map((field) => {
          const read = readLength(form, field);
          const problem = 'problem' in read ? read.problem : null;
          return (
            <div key={field} className="gallery-controls__field">
              <label htmlFor={`${ids}${field}`}>
                {GALLERY_FIELD_NAMES[field]} ({form.unit})
              </label>
              <input
                id={`${ids}${field}`}
                type="number"
                inputMode="decimal"
                step={form.unit === 'in' ? 0.125 : 0.5}
                value={form.lengths[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${ids}${field}-hint`}
                onChange={(event) => set({ lengths: { ...form.lengths, [field]: event.target.value } })}
              />
              <span id={`${ids}${field}-hint`} className={problem ? 'form-field__error' : 'muted'}>
                {problem ?? HINTS[field]}
              </span>
            </div>
          );
        })}
      </div>

      <fieldset className="gallery-controls__group">
        <legend>Print sizes</legend>
        {pieces.map((piece, index) => (
          <div key={piece.id} className="gallery-controls__field">
            <label htmlFor={`${ids}size-${piece.id}`}>
              {index + 1}. {piece.title}
            </label>
            <select
              id={`${ids}size-${piece.id}`}
              value={piece.size}
              onChange={(event) => onSize(piece.id, event.target.value)}
            >
              {piece.choice.groups.map((group) => (
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
        ))}
      </fieldset>

      <fieldset className="gallery-controls__group">
        <legend>Frame</legend>
        <div className="gallery-controls__options">
          {FRAME_STYLES.map((frame) => (
            <label key={frame} className="gallery-controls__option">
              <input
                type="radio"
                name={`${ids}frame`}
                value={frame}
                checked={form.frame === frame}
                onChange={() => set({ frame })}
              />
              {FRAME_LABELS[frame]}
            </label>
          ))}
        </div>
      </fieldset>

      <label className="gallery-controls__option gallery-controls__check">
        <input type="checkbox" checked={form.mat} onChange={(event) => set({ mat: event.target.checked })} />
        White mat ({MAT_WIDTH} in / {Math.round(MAT_WIDTH * 2.54)} cm border)
      </label>
    </form>
  );
}

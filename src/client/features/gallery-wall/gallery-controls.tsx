import { useId } from 'react';
import { GALLERY_LAYOUT_NAMES, GALLERY_LAYOUTS } from '#shared/prints/gallery-layout.ts';
import { GALLERY_FIELD_NAMES } from '#shared/prints/gallery-wall.ts';
import type { WallSizeChoice } from '#shared/prints/wall-sizes.ts';
import { WALL_UNITS, type WallUnit } from '#shared/prints/wall-units.ts';
import { ChoiceGroup } from '#client/components/ui/choice-group.tsx';
import { FrameChoice, MatCheckbox } from '#client/components/ui/frame-choice.tsx';
import { PrintSizeSelect } from '#client/components/ui/print-size-select.tsx';
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
    <form className="scene-controls" onSubmit={(event) => event.preventDefault()}>
      <ChoiceGroup
        legend="Layout"
        name={`${ids}layout`}
        options={GALLERY_LAYOUTS}
        value={form.layout}
        onChange={(layout) => set({ layout })}
        labelOf={(layout) => GALLERY_LAYOUT_NAMES[layout]}
      />
      <ChoiceGroup
        legend="Units"
        name={`${ids}unit`}
        options={WALL_UNITS}
        value={form.unit}
        onChange={(unit) => onChange(switchUnit(form, unit))}
        labelOf={(unit) => UNIT_LABELS[unit]}
      />

      <div className="gallery-controls__lengths">
        {LENGTH_FIELDS.map((field) => {
          const read = readLength(form, field);
          const problem = 'problem' in read ? read.problem : null;
          return (
            <div key={field} className="scene-controls__field gallery-controls__length">
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

      <fieldset className="scene-controls__group gallery-controls__sizes">
        <legend>Print sizes</legend>
        {pieces.map((piece, index) => (
          <PrintSizeSelect
            key={piece.id}
            id={`${ids}size-${piece.id}`}
            label={`${index + 1}. ${piece.title}`}
            choice={piece.choice}
            value={piece.size}
            onChange={(size) => onSize(piece.id, size)}
          />
        ))}
      </fieldset>

      <FrameChoice name={`${ids}frame`} value={form.frame} onChange={(frame) => set({ frame })} />
      <MatCheckbox checked={form.mat} onChange={(mat) => set({ mat })} />
    </form>
  );
}

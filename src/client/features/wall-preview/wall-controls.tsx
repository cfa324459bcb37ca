import { useId } from 'react';
import type { FrameStyle } from '#shared/prints/framing.ts';
import type { WallSize, WallSizeChoice } from '#shared/prints/wall-sizes.ts';
import { ChoiceGroup } from '#client/components/ui/choice-group.tsx';
import { FrameChoice, MatCheckbox } from '#client/components/ui/frame-choice.tsx';
import { PrintSizeSelect } from '#client/components/ui/print-size-select.tsx';
import { WALL_COLOURS, type WallColour } from './wall-palette';

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
const wallById = new Map(WALL_COLOURS.map((wall) => [wall.id, wall]));

/** The wall preview's form: print size (a select), wall colour and frame (radio groups), mat (a checkbox). */
export function WallControls({ choice, settings, onChange }: WallControlsProps) {
  const ids = useId();
  const set = (change: Partial<WallSettings>) => onChange({ ...settings, ...change });

  return (
    <form className="scene-controls" onSubmit={(event) => event.preventDefault()}>
      <PrintSizeSelect
        id={`${ids}size`}
        label="Print size"
        choice={choice}
        value={settings.size.id}
        onChange={(sizeId) => {
          const size = allSizes(choice).find((candidate) => candidate.id === sizeId);
          if (size) set({ size });
        }}
      />
      <ChoiceGroup
        legend="Wall color"
        name={`${ids}wall`}
        options={WALL_COLOURS.map((wall) => wall.id)}
        value={settings.wall.id}
        onChange={(id) => set({ wall: wallById.get(id) ?? settings.wall })}
        labelOf={(id) => (
          <>
            <span className="scene-controls__swatch" style={{ background: wallById.get(id)?.hex }} aria-hidden="true" />
            {wallById.get(id)?.name}
          </>
        )}
      />
      <FrameChoice name={`${ids}frame`} value={settings.frame} onChange={(frame) => set({ frame })} />
      <MatCheckbox checked={settings.mat} onChange={(mat) => set({ mat })} />
    </form>
  );
}

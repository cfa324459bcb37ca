import { printRatio, RATIO_IDS, type RatioId } from '#shared/prints/print-sizes.ts';
import { centredCrop, type CropFractions, type Size } from '#shared/prints/ratio-crop.ts';
import { sameCrop } from '../crop-moves';
import { CropEditor } from './crop-editor';
import { CropThumbnail } from './crop-thumbnail';

interface CropWorkspaceProps {
  imageUrl: string;
  master: Size;
  /** Where each crop is now, moved or not. */
  crops: Readonly<Record<RatioId, CropFractions>>;
  /** Where each crop was saved: Reset goes back there. */
  saved: Readonly<Record<RatioId, CropFractions>>;
  offered: ReadonlySet<RatioId>;
  editing: RatioId;
  onEdit: (ratio: RatioId) => void;
  onMove: (ratio: RatioId, crop: CropFractions) => void;
}

/** The crops of every ratio as thumbnails to pick from, and the editor of the one picked. */
export function CropWorkspace(props: CropWorkspaceProps) {
  const { imageUrl, master, crops, saved, offered, editing, onEdit, onMove } = props;
  const label = printRatio(editing).label;
  const crop = crops[editing];
  const centred = centredCrop(printRatio(editing), master);
  return (
    <div className="crop-workspace">
      <h3 className="crop-workspace__title">Crops</h3>
      <div className="crop-workspace__body">
        <div className="crop-workspace__picker" role="group" aria-label="Crop to edit">
          {RATIO_IDS.map((ratio) => {
            const moved = !sameCrop(crops[ratio], saved[ratio]);
            const label = printRatio(ratio).label;
            return (
              <button
                key={ratio}
                type="button"
                className="crop-workspace__choice"
                aria-pressed={ratio === editing}
                // The dot and 'off' are for the eye; this says the same in words.
                aria-label={[label, moved && 'moved', !offered.has(ratio) && 'not offered'].filter(Boolean).join(', ')}
                onClick={() => onEdit(ratio)}
              >
                <CropThumbnail imageUrl={imageUrl} master={master} crop={crops[ratio]} />
                <span className="crop-workspace__choice-label">{label}</span>
                {moved && <span className="crop-workspace__moved" />}
                {!offered.has(ratio) && <span className="crop-workspace__off muted">off</span>}
              </button>
            );
          })}
        </div>
        <div className="crop-workspace__editor">
          <CropEditor
            ratioLabel={label}
            imageUrl={imageUrl}
            master={master}
            crop={crop}
            onChange={(next) => onMove(editing, next)}
          />
          <div className="button-row crop-workspace__actions">
            <button
              type="button"
              className="button"
              disabled={sameCrop(crop, saved[editing])}
              onClick={() => onMove(editing, saved[editing])}
            >
              Reset {label} crop
            </button>
            <button
              type="button"
              className="button"
              disabled={sameCrop(crop, centred)}
              onClick={() => onMove(editing, centred)}
            >
              Centre it
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { CropFractions, Size } from '#shared/prints/ratio-crop.ts';
import { cropPositionText, dragCrop, keyMove, moveCrop } from '../crop-moves';

interface CropEditorProps {
  ratioLabel: string;
  imageUrl: string;
  master: Size;
  crop: CropFractions;
  onChange: (crop: CropFractions) => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  start: CropFractions;
}

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The picture with one ratio's crop drawn on it. The box only moves (its size is the ratio's largest crop): by
 * dragging it, or with the arrow keys once focused. The picture is drawn at the master's proportions, so the
 * fractions the box sits at are the master's own even if the preview image was cut a little differently.
 */
export function CropEditor({ ratioLabel, imageUrl, master, crop, onChange }: CropEditorProps) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const instructionsId = `crop-editor-keys-${ratioLabel.replace(/\W+/g, '-')}`;

  function onKeyDown(event: KeyboardEvent) {
    const move = keyMove(event.key, event.shiftKey);
    if (!move) return;
    // The arrows would otherwise scroll the page while the owner moves the crop.
    event.preventDefault();
    onChange(moveCrop(crop, move.dx, move.dy));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, start: crop };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !stage.current) return;
    const { width, height } = stage.current.getBoundingClientRect();
    onChange(
      dragCrop(current.start, { x: event.clientX - current.x, y: event.clientY - current.y }, { width, height }),
    );
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  }

  return (
    <div className="crop-editor">
      <div
        ref={stage}
        className="crop-editor__stage"
        style={{
          aspectRatio: `${master.width} / ${master.height}`,
          // Never so tall that the owner must scroll to see the whole picture; the CSS caps it at the column's width.
          width: `calc(65vh * ${master.width / master.height})`,
        }}
      >
        <img className="crop-editor__image" src={imageUrl} alt="" draggable={false} />
        <div
          className="crop-editor__box"
          role="application"
          aria-roledescription="crop box"
          aria-label={`${ratioLabel} crop, ${cropPositionText(crop)}`}
          aria-describedby={instructionsId}
          tabIndex={0}
          style={{
            left: percent(crop.left),
            top: percent(crop.top),
            width: percent(crop.width),
            height: percent(crop.height),
          }}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      </div>
      <p id={instructionsId} className="crop-editor__hint muted">
        Drag the box, or focus it and use the arrow keys (Shift for larger steps).
      </p>
    </div>
  );
}

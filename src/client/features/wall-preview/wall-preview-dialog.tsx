import { useMemo, useState } from 'react';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { WallControls, type WallSettings } from './wall-controls';
import { borderOf, FRAME_WIDTH, framedSides, MAT_WIDTH, sidesText } from './wall-geometry';
import { WALL_COLOURS } from './wall-palette';
import { WallScene } from './wall-scene';
import { defaultWallSize, wallSizeChoice } from '#shared/prints/wall-sizes.ts';
// Its own sheet, in this lazy chunk: the dialog is never rendered on the server, so the page's render-blocking
// sheet need not carry it (the owner's pages load their sheets the same way).
import '../../components/ui/scene-dialog.css';
import './wall-preview.css';

type WallArtwork = Pick<ArtworkDetail, 'title' | 'imageUrl' | 'images' | 'printSizes'>;

interface WallPreviewDialogProps {
  open: boolean;
  onClose: () => void;
  artwork: WallArtwork;
}

/** A rendition wide enough to look sharp at the sizes the scene draws a print at, without fetching the largest. */
function pictureUrl(artwork: WallArtwork): string {
  return artwork.images.find((image) => image.width >= 640)?.url ?? artwork.images.at(-1)?.url ?? artwork.imageUrl;
}

const cm = (inches: number) => Math.round(inches * 2.54 * 10) / 10;

/** What the frame and mat add, said in words: 'a 2 in (5.1 cm) mat and a 1 in (2.5 cm) frame on each side'. */
function borderWords(settings: WallSettings): string {
  const parts = [
    settings.mat && `a ${MAT_WIDTH} in (${cm(MAT_WIDTH)} cm) mat`,
    settings.frame !== 'none' && `a ${FRAME_WIDTH} in (${cm(FRAME_WIDTH)} cm) frame`,
  ].filter(Boolean);
  return `${parts.join(' and ')} on each side`;
}

/** "View on a wall": the artwork at true scale beside a sofa and a person, drawn in the browser. */
export default function WallPreviewDialog({ open, onClose, artwork }: WallPreviewDialogProps) {
  const choice = useMemo(() => wallSizeChoice(artwork), [artwork]);
  const [settings, setSettings] = useState<WallSettings | null>(() =>
    choice.groups.length > 0
      ? { size: defaultWallSize(choice, artwork.printSizes), wall: WALL_COLOURS[0]!, frame: 'black', mat: false }
      : null,
  );

  if (!settings) {
    return (
      <Dialog open={open} onClose={onClose} title="View on a wall">
        <p>This artwork's print sizes are not known yet.</p>
      </Dialog>
    );
  }

  const { size } = settings;
  const framed = framedSides(size.sides, settings.frame, settings.mat);
  const bordered = borderOf(settings.frame, settings.mat) > 0;

  return (
    <Dialog open={open} onClose={onClose} title="View on a wall" className="scene-dialog dialog--wall">
      <div className="scene-dialog__layout">
        <figure className="scene-dialog__figure">
          <div className="scene-dialog__scene">
            <WallScene
              imageUrl={pictureUrl(artwork)}
              print={size.sides}
              frame={settings.frame}
              mat={settings.mat}
              wall={settings.wall}
              label={`${artwork.title} at ${size.label} on a ${settings.wall.name.toLowerCase()} wall, above an 84 in sofa, beside a person 5 ft 7 in tall`}
            />
          </div>
          <figcaption className="scene-dialog__caption">
            <strong data-testid="wall-size-name">{size.label}</strong>
            {bordered && (
              <span>
                Framed: {sidesText(framed)}, with {borderWords(settings)}.
              </span>
            )}
            <span className="muted">
              To scale: the sofa is 84 in (213 cm) wide, the person 5 ft 7 in (170 cm) tall.
            </span>
            {choice.fallback && (
              <span className="muted">
                Common sizes of the picture's ratio: the exact sizes of its print pack show once its master is read.
              </span>
            )}
          </figcaption>
        </figure>
        <WallControls choice={choice} settings={settings} onChange={setSettings} />
      </div>
    </Dialog>
  );
}

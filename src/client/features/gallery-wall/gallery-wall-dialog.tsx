import { useMemo, useState } from 'react';
import { galleryProblems, planGalleryWall } from '#shared/prints/gallery-wall.ts';
import { GALLERY_LAYOUT_NAMES } from '#shared/prints/gallery-layout.ts';
import { defaultWallSize, wallSizeChoice } from '#shared/prints/wall-sizes.ts';
import { lengthText, sidesText } from '#shared/prints/wall-units.ts';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { downloadGuide } from './download-guide';
import { GalleryControls, type PieceChoice } from './gallery-controls';
import { GalleryScene } from './gallery-scene';
import { initialForm, LENGTH_FIELDS, readLength, settingsOf, type PlannerForm } from './gallery-settings';
import { useGalleryPieces, type GalleryArtwork } from './use-gallery-pieces';
// Its own sheet, in this lazy chunk, as the wall preview's: the dialog is never rendered on the server.
import '../../components/ui/scene-dialog.css';
import './gallery-wall.css';

interface GalleryWallDialogProps {
  open: boolean;
  onClose: () => void;
  artworkIds: readonly number[];
}

const TITLE = 'Plan a gallery wall';

/** A rendition sharp enough for the sizes the scene draws, without the largest. */
const pictureUrl = (artwork: GalleryArtwork) =>
  artwork.images.find((image) => image.width >= 400)?.url ?? artwork.images.at(-1)?.url ?? artwork.imageUrl;

export default function GalleryWallDialog({ open, onClose, artworkIds }: GalleryWallDialogProps) {
  const { artworks, loading, failed } = useGalleryPieces(artworkIds);
  return (
    <Dialog open={open} onClose={onClose} title={TITLE} className="scene-dialog dialog--gallery">
      {loading ? (
        <p>Loading the artworks' print sizes…</p>
      ) : failed ? (
        <p className="form-field__error">The artworks could not be loaded. Close this and try again.</p>
      ) : (
        <GalleryPlanner artworks={artworks.filter((artwork) => wallSizeChoice(artwork).groups.length > 0)} />
      )}
    </Dialog>
  );
}

function GalleryPlanner({ artworks }: { artworks: GalleryArtwork[] }) {
  const choices = useMemo(() => artworks.map((artwork) => wallSizeChoice(artwork)), [artworks]);
  const [form, setForm] = useState<PlannerForm>(() => initialForm());
  const [sizes, setSizes] = useState<Record<number, string>>(() =>
    Object.fromEntries(artworks.map((artwork, i) => [artwork.id, defaultWallSize(choices[i]!, artwork.printSizes).id])),
  );
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  if (artworks.length < 2) {
    return <p>A gallery wall needs at least two artworks whose print sizes are known.</p>;
  }

  const pieces: PieceChoice[] = artworks.map((artwork, i) => ({
    id: artwork.id,
    title: artwork.title,
    choice: choices[i]!,
    size: sizes[artwork.id] ?? defaultWallSize(choices[i]!, artwork.printSizes).id,
  }));
  const prints = pieces.map(
    (piece) => piece.choice.groups.flatMap((group) => group.sizes).find((size) => size.id === piece.size)!.sides,
  );
  const settings = settingsOf(form);
  const plan = planGalleryWall(prints, settings);
  const problems = galleryProblems(plan, settings);
  const typedProblems = LENGTH_FIELDS.filter((field) => 'problem' in readLength(form, field));
  const blocked = typedProblems.length > 0 || Object.keys(problems).length > 0;
  const { hanging } = plan;
  const unit = settings.unit;

  const save = async () => {
    setDownload({ busy: true, error: null });
    try {
      await downloadGuide({ pieces: pieces.map((p) => ({ artworkId: p.id, size: p.size })), ...settings });
      setDownload({ busy: false, error: null });
    } catch (error) {
      // The server's own words: a field's reason when it names one (a size no longer in a pack), else its message.
      const message =
        error instanceof ApiError
          ? (Object.values(error.details ?? {}).flat()[0] ?? error.message)
          : 'The guide could not be made. Try again.';
      setDownload({ busy: false, error: message });
    }
  };

  return (
    <div className="scene-dialog__layout">
      <figure className="scene-dialog__figure gallery-planner__figure">
        <div className="scene-dialog__scene gallery-planner__scene">
          <GalleryScene
            hanging={hanging}
            pictures={artworks.map((artwork) => ({ url: pictureUrl(artwork) }))}
            frame={settings.frame}
            mat={settings.mat}
            label={`${artworks.length} artworks in a ${GALLERY_LAYOUT_NAMES[settings.layout].toLowerCase()} layout, ${sidesText(hanging.width, hanging.height, unit)} overall, centred ${lengthText(hanging.bottomFromFloor + hanging.height / 2, unit)} above the floor`}
          />
        </div>
        <figcaption className="scene-dialog__caption gallery-planner__caption">
          <strong data-testid="gallery-overall">Overall: {sidesText(hanging.width, hanging.height, unit)}</strong>
          <span>
            Top edge {lengthText(hanging.topFromFloor, unit)} and bottom edge{' '}
            {lengthText(hanging.bottomFromFloor, unit)} above the floor.{' '}
            {hanging.frames.reduce((count, frame) => count + frame.nails.length, 0)} nails, shown as red dots.
          </span>
          {Object.values(problems).map((problem) => (
            <span key={problem} className="form-field__error" role="alert">
              {problem}
            </span>
          ))}
          <span className="gallery-planner__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={blocked || download.busy}
              onClick={() => void save()}
            >
              {download.busy ? 'Making the guide…' : 'Download hanging guide (PDF)'}
            </button>
          </span>
          {download.error && (
            <span className="form-field__error" role="alert">
              {download.error}
            </span>
          )}
        </figcaption>
      </figure>
      <GalleryControls
        form={form}
        onChange={setForm}
        pieces={pieces}
        onSize={(id, size) => setSizes((current) => ({ ...current, [id]: size }))}
      />
    </div>
  );
}

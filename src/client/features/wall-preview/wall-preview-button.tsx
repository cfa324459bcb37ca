import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';

// The dialog, its drawing and its sizes come as their own chunk, fetched when the buyer points at or focuses the
// button: the artwork page's first load carries this button only.
const loadDialog = () => import('./wall-preview-dialog');
const WallPreviewDialog = lazy(loadDialog);

type WallArtwork = Pick<ArtworkDetail, 'title' | 'imageUrl' | 'images' | 'printSizes'>;

/**
 * Whether there is anything to hang: the print pack's sizes, or a picture whose ratio gives common sizes (kept
 * here, not in the dialog's chunk, so deciding costs the page no code).
 */
export const canViewOnWall = (artwork: WallArtwork): boolean =>
  artwork.printSizes.some((entry) => entry.sizes.length > 0) || artwork.images.length > 0;

/** The artwork page's "View on a wall" button and its dialog. */
export function WallPreviewButton({ artwork }: { artwork: WallArtwork }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on and then kept: the native dialog gives focus back to this button on closing.
  const [mounted, setMounted] = useState(false);
  if (!canViewOnWall(artwork)) return null;
  const preload = () => void loadDialog();

  return (
    <>
      <button
        type="button"
        className="button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        View on a wall
      </button>
      {/* In <body>, not in the button's row: a <dialog> may not sit inside a <p>. */}
      {mounted &&
        createPortal(
          <Suspense fallback={null}>
            <WallPreviewDialog open={open} onClose={() => setOpen(false)} artwork={artwork} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

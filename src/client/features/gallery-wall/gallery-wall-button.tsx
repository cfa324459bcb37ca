import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { GALLERY_PIECES } from '#shared/prints/gallery-pieces.ts';

// The planner's dialog, its drawing and its layout rules are their own chunk, fetched when the buyer points at or
// focuses the button: a page showing the button carries only this file.
const loadDialog = () => import('./gallery-wall-dialog');
const GalleryWallDialog = lazy(loadDialog);

/**
 * "Plan a gallery wall" for a list of artworks (the cart's, the favourites', a set's): shown for 2 to 12 different
 * artworks, the first 12 when there are more.
 */
export function GalleryWallButton({
  artworkIds,
  className = 'button',
}: {
  artworkIds: readonly number[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Kept mounted once opened: the native dialog gives focus back to this button on closing.
  const [mounted, setMounted] = useState(false);
  const ids = [...new Set(artworkIds)].slice(0, GALLERY_PIECES.max);
  if (ids.length < GALLERY_PIECES.min) return null;
  const preload = () => void loadDialog();

  return (
    <>
      <button
        type="button"
        className={className}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        Plan a gallery wall
      </button>
      {mounted &&
        createPortal(
          <Suspense fallback={null}>
            <GalleryWallDialog open={open} onClose={() => setOpen(false)} artworkIds={ids} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

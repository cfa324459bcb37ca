import { srcsetOf } from '#shared/catalogue/artwork-images.ts';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { useImageFailure } from '#client/lib/use-image-failure.ts';
import { STOCK_IMAGE_HEIGHT, STOCK_IMAGE_WIDTH, stockImageFor } from '../stock-images';

interface ArtworkImageProps {
  artwork: Pick<Artwork, 'id' | 'title' | 'imageUrl' | 'images'>;
  /** The CSS width the image takes, so the browser picks the right rendition from srcset. */
  sizes: string;
  eager?: boolean;
  /** The page's main picture (its LCP element): fetched before other images. */
  priority?: boolean;
  className?: string;
  /** Cards say 'Image unavailable' over the substitute; the hero shows the substitute alone. */
  labelFailure?: boolean;
  /** What Pinterest's save button pins instead of this picture (`data-pin-media`): the artwork's 2:3 image. */
  pinMedia?: string | null;
}

const FALLBACK_WIDTH = 800;
const FALLBACK_HEIGHT = 1000;

/** An artwork picture with srcset, reserved space (no layout shift) and the 'Image unavailable' fallback. */
export function ArtworkImage({
  artwork,
  sizes,
  eager = false,
  priority = false,
  className,
  labelFailure = true,
  pinMedia,
}: ArtworkImageProps) {
  const { failed, ref, onError } = useImageFailure();
  const largest = artwork.images[artwork.images.length - 1];
  if (failed) {
    return (
      <div className={`artwork-image artwork-image--failed ${className ?? ''}`}>
        <img src={stockImageFor(artwork.id)} alt="" width={STOCK_IMAGE_WIDTH} height={STOCK_IMAGE_HEIGHT} />
        {labelFailure && <span>Image unavailable</span>}
      </div>
    );
  }
  return (
    <img
      ref={ref}
      className={`artwork-image ${className ?? ''}`}
      src={artwork.imageUrl}
      srcSet={artwork.images.length > 0 ? srcsetOf(artwork.images) : undefined}
      sizes={sizes}
      width={largest?.width ?? FALLBACK_WIDTH}
      height={largest?.height ?? FALLBACK_HEIGHT}
      alt={artwork.title}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      data-pin-media={pinMedia ?? undefined}
      onError={onError}
    />
  );
}

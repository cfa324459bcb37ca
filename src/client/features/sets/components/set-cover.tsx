import { srcsetOf } from '#shared/catalogue/artwork-images.ts';
import type { ArtworkSet } from '#shared/sets/set-schema.ts';

interface SetCoverProps {
  set: ArtworkSet;
  className: string;
  /** The `sizes` of the place it fills (`IMAGE_SIZES`). */
  sizes: string;
  /** The page's main picture: fetched first. A list's covers wait until they near the screen. */
  main?: boolean;
  alt: string;
}

/** A set's cover, a piece's picture or the store's gallery-wall mockup, at the width its place needs. */
export function SetCover({ set, className, sizes, main = false, alt }: SetCoverProps) {
  if (!set.cover) return null;
  const largest = set.cover.images[set.cover.images.length - 1];
  return (
    <img
      className={className}
      src={set.cover.imageUrl}
      srcSet={set.cover.images.length ? srcsetOf(set.cover.images) : undefined}
      sizes={sizes}
      width={largest?.width ?? 800}
      height={largest?.height ?? 1000}
      {...(main ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      alt={alt}
    />
  );
}

import type { ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE_URL } from '#shared/catalogue/artwork.ts';
import { useImageFailure } from '../../lib/use-image-failure';

/** An image other than a card's or the hero's shows the placeholder when it fails to load. */
export function ImageOrPlaceholder({ src, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const { failed, ref, onError } = useImageFailure();
  // key: a new element for the placeholder, so the browser does not keep the failed one's state.
  return (
    <img
      key={failed ? 'placeholder' : 'image'}
      ref={ref}
      {...rest}
      src={failed ? PLACEHOLDER_IMAGE_URL : src}
      onError={failed ? undefined : onError}
    />
  );
}

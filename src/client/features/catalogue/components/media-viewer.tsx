import { IMAGE_SIZES, srcsetOf } from '#shared/catalogue/artwork-images.ts';
import { useState } from 'react';
import type { Artwork, MediaItem } from '#shared/catalogue/artwork-schema.ts';
import { mockupAlt } from '#shared/catalogue/mockup-scenes.ts';
import { ImageOrPlaceholder } from '#client/components/ui/image-or-placeholder.tsx';
import { ArtworkImage } from './artwork-image';

/** A room mockup's renditions for srcset, and the width and height its box is laid out at. */
function mockupImage(item: MediaItem) {
  const images = item.images ?? [];
  const largest = images.at(-1);
  return {
    srcSet: images.length > 0 ? srcsetOf(images) : undefined,
    width: largest?.width ?? 1600,
    height: largest?.height ?? 1067,
  };
}

const viewLabel = (artwork: Artwork, item: MediaItem, index: number) =>
  item.mockup ? mockupAlt(artwork.title, item.mockup) : `${artwork.title}, view ${index + 1}`;

/** The main viewer and, when there is more than one, a strip of thumbnails (images, room mockups or videos). */
export function MediaViewer({ artwork, pinMedia }: { artwork: Artwork; pinMedia?: string | null }) {
  const [selected, setSelected] = useState(0);
  const current = artwork.media[selected] ?? artwork.media[0];
  const isFirst = selected === 0;
  // Another view's size is not stored: the artwork's own shape is the best guess for the space it takes.
  const shape = artwork.images[artwork.images.length - 1] ?? { width: 800, height: 1000 };

  return (
    <div className="media-viewer">
      <div className="media-viewer__main">
        {current?.type === 'video' ? (
          <video src={current.url} controls playsInline preload="metadata" />
        ) : isFirst ? (
          // The first picture is the artwork itself: use its renditions so phones fetch a small file.
          // Same sizes as the server's preload of this picture (page-meta.ts), so the preloaded file is the one shown.
          <ArtworkImage artwork={artwork} priority sizes={IMAGE_SIZES.artworkMain} pinMedia={pinMedia} />
        ) : (
          <ImageOrPlaceholder
            key={current?.url}
            src={current?.url ?? ''}
            alt={current ? viewLabel(artwork, current, selected) : artwork.title}
            {...(current?.mockup
              ? { ...mockupImage(current), sizes: IMAGE_SIZES.artworkMain }
              : { width: shape.width, height: shape.height })}
          />
        )}
      </div>
      {artwork.media.length > 1 && (
        <ul className="media-viewer__thumbs" aria-label="Views">
          {artwork.media.map((item, index) => (
            <li key={item.url}>
              <button
                type="button"
                aria-pressed={index === selected}
                aria-label={
                  item.mockup
                    ? `Show ${mockupAlt(artwork.title, item.mockup)}`
                    : `Show view ${index + 1}${item.type === 'video' ? ' (video)' : ''}`
                }
                onClick={() => setSelected(index)}
              >
                {item.type === 'video' ? (
                  <span className="media-viewer__video-thumb">▶</span>
                ) : (
                  <ImageOrPlaceholder
                    src={index === 0 ? (artwork.previewUrl ?? item.url) : (item.images?.[0]?.url ?? item.url)}
                    alt=""
                    width={80}
                    height={100}
                    loading="lazy"
                    // Just below the main picture, so fetched with it: after it, not beside it (three room
                    // mockups' thumbnails are about 27 kB, which the main picture waited for on a phone).
                    fetchPriority="low"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { IMAGE_SIZES } from '#shared/artwork-images.ts';
import { useState } from 'react';
import type { Artwork } from '#shared/artwork-schema.ts';
import { ImageOrPlaceholder } from '#client/components/ui/image-or-placeholder.tsx';
import { ArtworkImage } from './artwork-image';

/** The main viewer and, when there is more than one, a strip of thumbnails (images or videos). */
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
            alt={`${artwork.title}, view ${selected + 1}`}
            width={shape.width}
            height={shape.height}
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
                aria-label={`Show view ${index + 1}${item.type === 'video' ? ' (video)' : ''}`}
                onClick={() => setSelected(index)}
              >
                {item.type === 'video' ? (
                  <span className="media-viewer__video-thumb">▶</span>
                ) : (
                  <ImageOrPlaceholder
                    src={index === 0 ? (artwork.previewUrl ?? item.url) : item.url}
                    alt=""
                    width={80}
                    height={100}
                    loading="lazy"
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

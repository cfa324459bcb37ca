import { useImageFailure } from '#client/lib/use-image-failure.ts';

/**
 * The artwork's preview (the server falls back to its image), hidden when it fails to load, and '?' when
 * there is none; the box keeps its size either way, so the row does not jump.
 */
export function ItemPreview({ url }: { url: string | null }) {
  const { failed, ref, onError } = useImageFailure();
  return (
    <div className="download-item__preview">
      {url && !failed ? (
        <img ref={ref} src={url} alt="" width={72} height={90} loading="lazy" onError={onError} />
      ) : (
        <span className="download-item__placeholder" aria-hidden="true">
          ?
        </span>
      )}
    </div>
  );
}

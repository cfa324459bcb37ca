import type { CropFractions, Size } from '#shared/prints/ratio-crop.ts';

/**
 * A small picture of what one crop keeps: the preview image scaled so that the crop fills the frame and moved so
 * that the crop's corner is at the frame's. Percentages of the frame keep it right at any size.
 */
export function CropThumbnail({ imageUrl, master, crop }: { imageUrl: string; master: Size; crop: CropFractions }) {
  return (
    <span
      className="crop-thumbnail"
      style={{ aspectRatio: `${crop.width * master.width} / ${crop.height * master.height}` }}
    >
      <img
        src={imageUrl}
        alt=""
        draggable={false}
        style={{
          width: `${100 / crop.width}%`,
          height: `${100 / crop.height}%`,
          left: `${(-crop.left / crop.width) * 100}%`,
          top: `${(-crop.top / crop.height) * 100}%`,
        }}
      />
    </span>
  );
}

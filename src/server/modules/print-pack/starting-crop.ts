import sharp from 'sharp';
import { PRINT_RATIOS, type RatioId } from '#shared/prints/print-sizes.ts';
import { MAX_MASTER_PIXELS } from '#shared/prints/master-print-sizes.ts';
import { centredCrop, toFractions, toPixels, type CropFractions, type Size } from '#shared/prints/ratio-crop.ts';

/** The long side of the preview the crops are chosen on: enough to find the subject, quick to decode. */
export const PREVIEW_SIZE = 512;

/**
 * Where a crop starts, along one side (fractions of it): centred, unless that leaves the focal point outside the
 * middle half of the crop; then moved just far enough to bring it there (decision 0031: a centred design stays
 * centred, and an off-centre subject stays whole).
 */
function placeAround(centred: number, focal: number, extent: number): number {
  return Math.min(Math.max(centred, focal - extent * 0.75), focal - extent * 0.25);
}

/**
 * A starting crop for every ratio, as fractions of the upright master of `size`: the largest crop of each ratio,
 * placed by the focal point that sharp's attention strategy finds on a small preview (the most salient spot: detail,
 * colour saturation, skin tones). The owner's crop editor starts from these. `picture` is that preview (the pack's
 * child writes one from its decode, so the store never decodes the master), or any picture of the master: it is
 * shrunk to PREVIEW_SIZE, the right way up.
 */
export async function startingCrops(picture: string | Buffer, size: Size): Promise<Record<RatioId, CropFractions>> {
  const { data, info } = await sharp(picture, { limitInputPixels: MAX_MASTER_PIXELS })
    .autoOrient()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const preview = { width: info.width, height: info.height, channels: info.channels };

  const crops = await Promise.all(
    PRINT_RATIOS.map(async (ratio) => {
      const centred = centredCrop(ratio, size);
      const target = {
        width: Math.max(1, Math.round(centred.width * preview.width)),
        height: Math.max(1, Math.round(centred.height * preview.height)),
      };
      const { info: cut } = await sharp(data, { raw: preview })
        .resize(target.width, target.height, { fit: 'cover', position: sharp.strategy.attention })
        .toBuffer({ resolveWithObject: true });
      // sharp reports the focal point in the preview as scaled to cover the target (by about 1), and none when it
      // had nothing to cut (the crop is the whole preview).
      const scale = Math.max(target.width / preview.width, target.height / preview.height);
      const along = (at: number | undefined, extent: number) => (at === undefined ? 0.5 : at / (extent * scale));
      const focal = { x: along(cut.attentionX, preview.width), y: along(cut.attentionY, preview.height) };
      const placed = {
        ...centred,
        left: placeAround(centred.left, focal.x, centred.width),
        top: placeAround(centred.top, focal.y, centred.height),
      };
      // Kept in whole pixels of the master, inside it, as the pack's files will be cut.
      return [ratio.id, toFractions(toPixels(ratio, placed, size), size)] as const;
    }),
  );
  return Object.fromEntries(crops) as Record<RatioId, CropFractions>;
}

import sharp from 'sharp';
import type { ImageRendition } from '../../shared/artwork-schema';
import type { CategoryId } from '../../shared/categories';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { ART_HEIGHT, ART_WIDTH, composeArtworkSvg } from './demo-art-svg';
import { seededRandom } from './random';

/** The widths the storefront's srcset picks from; the largest doubles as the high-resolution image. */
export const RENDITION_WIDTHS = [400, 800, 1600] as const;

/** Renders one SVG composition once, then scales it to each width as WebP and stores them. */
export async function renderDemoImages(
  storage: StorageProvider,
  name: string,
  category: CategoryId,
  seed: number,
): Promise<ImageRendition[]> {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
  const svg = composeArtworkSvg(category, seededRandom(seed));
  const density = (72 * largest) / ART_WIDTH;
  const { data, info } = await sharp(Buffer.from(svg), { density }).raw().toBuffer({ resolveWithObject: true });

  return Promise.all(
    RENDITION_WIDTHS.map(async (width) => {
      const height = Math.round((width * ART_HEIGHT) / ART_WIDTH);
      const key = `demo/${name}-${width}.webp`;
      if (!(await storage.exists(key))) {
        const webp = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .resize(width, height)
          .webp({ quality: 82, effort: 2 })
          .toBuffer();
        await storage.put(key, webp, 'image/webp');
      }
      return { url: storage.publicUrl(key), width, height };
    }),
  );
}

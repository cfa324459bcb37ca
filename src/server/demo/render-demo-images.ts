import type { ImageRendition } from '../../shared/artwork-schema';
import type { CategoryId } from '../../shared/categories';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { ART_HEIGHT, ART_WIDTH, composeArtworkSvg } from './demo-art-svg';
import { drawDemo } from './demo-renderer';
import { seededRandom } from './random';

/** The widths the storefront's srcset picks from; the largest doubles as the high-resolution image. */
export const RENDITION_WIDTHS = [400, 800, 1600] as const;

/** Renders one SVG composition once, then scales it to each width as WebP and stores those not stored yet. */
export async function renderDemoImages(
  storage: StorageProvider,
  name: string,
  category: CategoryId,
  seed: number,
): Promise<ImageRendition[]> {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
  const renditions = RENDITION_WIDTHS.map((width) => ({
    key: `demo/${name}-${width}.webp`,
    width,
    height: Math.round((width * ART_HEIGHT) / ART_WIDTH),
  }));
  const stored = await Promise.all(renditions.map(({ key }) => storage.exists(key)));
  if (stored.includes(false)) {
    const webps = await drawDemo({
      svg: composeArtworkSvg(category, seededRandom(seed)),
      density: (72 * largest) / ART_WIDTH,
      outputs: renditions.map(({ width, height }) => [
        ['resize', width, height],
        ['webp', { quality: 82, effort: 2 }],
      ]),
    });
    await Promise.all(
      renditions.map(async ({ key }, i) => {
        if (!stored[i]) await storage.put(key, webps[i] as Buffer, 'image/webp');
      }),
    );
  }
  return renditions.map(({ key, width, height }) => ({ url: storage.publicUrl(key), width, height }));
}

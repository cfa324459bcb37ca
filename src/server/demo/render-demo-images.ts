import type { ImageRendition } from '../../shared/catalogue/artwork-schema';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { heightAt } from './demo-aspects';
import { composeArtworkSvg, type DemoPicture } from './demo-picture';
import { drawDemo } from './demo-renderer';

/** The widths the storefront's srcset picks from; the largest doubles as the high-resolution image. */
export const RENDITION_WIDTHS = [400, 800, 1600] as const;

/**
 * The demo pictures' generation, in their keys (`demo/v2/artwork-0001-400.webp`). Raise it whenever the pictures
 * change: the seeder keeps a picture already stored under its key, so a store folder kept from before (a database
 * started afresh beside it, a shared bucket) would otherwise show the old pictures at the new sizes. Version 1, the
 * keys without it, was every picture 4:5.
 */
export const DEMO_PICTURE_VERSION = 2;
export const demoPictureFolder = `demo/v${DEMO_PICTURE_VERSION}`;

/** Renders one SVG composition once, then scales it to each width as WebP and stores those not stored yet. */
export async function renderDemoImages(
  storage: StorageProvider,
  name: string,
  picture: DemoPicture,
): Promise<ImageRendition[]> {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
  const renditions = RENDITION_WIDTHS.map((width) => ({
    key: `${demoPictureFolder}/${name}-${width}.webp`,
    width,
    height: heightAt(width, picture.aspect),
  }));
  const stored = await Promise.all(renditions.map(({ key }) => storage.exists(key)));
  if (stored.includes(false)) {
    const webps = await drawDemo({
      svg: composeArtworkSvg(picture, { width: largest, height: heightAt(largest, picture.aspect) }),
      // The document says its size in pixels (demo-picture.ts): drawn at sharp's own 72 DPI.
      density: 72,
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

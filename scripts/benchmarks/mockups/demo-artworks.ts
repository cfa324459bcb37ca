import path from 'node:path';
import sharp from 'sharp';
import type { CategoryId } from '../../../src/shared/catalogue/categories';
import { composeArtworkSvg } from '../../../src/server/demo/demo-picture';
import { demoSchemeOf } from '../../../src/server/demo/demo-palettes';

/** Demo-like artworks of the four shapes the mockups must hang well, drawn by the demo catalogue's code. */
export const DEMO_ARTWORKS: { name: string; category: CategoryId; seed: number; aspect: number }[] = [
  { name: 'portrait-botanical', category: 'botanical', seed: 42, aspect: 2 / 3 },
  { name: 'landscape-nature', category: 'nature', seed: 7, aspect: 3 / 2 },
  { name: 'square-geometric', category: 'geometric', seed: 11, aspect: 1 },
  { name: 'panorama-urban', category: 'urban', seed: 5, aspect: 3 },
];

/** Draws the artwork at 1600 px on its long side (as its largest public rendition) into `folder`. */
export async function drawDemoArtwork(artwork: (typeof DEMO_ARTWORKS)[number], folder: string): Promise<string> {
  const file = path.join(folder, `${artwork.name}.png`);
  const width = artwork.aspect >= 1 ? 1600 : Math.round(1600 * artwork.aspect);
  const height = Math.round(width / artwork.aspect);
  const aspect = artwork.aspect >= 1 ? { across: artwork.aspect, down: 1 } : { across: 1, down: 1 / artwork.aspect };
  const picture = { category: artwork.category, seed: artwork.seed, aspect, scheme: demoSchemeOf(artwork.category, 0) };
  await sharp(Buffer.from(composeArtworkSvg(picture, { width, height })))
    .png()
    .toFile(file);
  return file;
}

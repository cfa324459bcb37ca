import path from 'node:path';
import sharp from 'sharp';
import type { CategoryId } from '../../../src/shared/categories';
import { composeArtworkSvg } from '../../../src/server/demo/demo-art-svg';
import { seededRandom } from '../../../src/server/demo/random';

/** Demo-like artworks of the four shapes the mockups must hang well: cut from demo pictures (4:5) drawn by code. */
export const DEMO_ARTWORKS: { name: string; category: CategoryId; seed: number; aspect: number }[] = [
  { name: 'portrait-botanical', category: 'botanical', seed: 42, aspect: 2 / 3 },
  { name: 'landscape-nature', category: 'nature', seed: 7, aspect: 3 / 2 },
  { name: 'square-geometric', category: 'geometric', seed: 11, aspect: 1 },
  { name: 'panorama-urban', category: 'urban', seed: 5, aspect: 3 },
];

/** Draws the artwork at 1600 px on its long side (as its largest public rendition) into `folder`. */
export async function drawDemoArtwork(artwork: (typeof DEMO_ARTWORKS)[number], folder: string): Promise<string> {
  const file = path.join(folder, `${artwork.name}.png`);
  const svg = Buffer.from(composeArtworkSvg(artwork.category, seededRandom(artwork.seed)));
  const width = artwork.aspect >= 1 ? 1600 : Math.round(1600 * artwork.aspect);
  const height = Math.round(width / artwork.aspect);
  await sharp(svg, { density: 300 }).resize(width, height, { fit: 'cover' }).png().toFile(file);
  return file;
}

// npx tsx scripts/benchmarks/mockups/render-mockup-examples.ts [folder]: the room mockups of four demo-like
// artworks (a portrait, a landscape, a square, a 3:1 panorama) in every scene, as WebP and, to look at, as PNG.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { composeMockups } from '../../../src/server/modules/room-mockups/compose-mockups';
import { MOCKUP_SCENES } from '../../../src/server/modules/room-mockups/scenes';
import { DEMO_ARTWORKS, drawDemoArtwork } from './demo-artworks';

const folder = path.resolve(process.argv[2] ?? 'mockup-examples');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mockup-examples-'));
try {
  for (const artwork of DEMO_ARTWORKS) {
    const out = path.join(folder, artwork.name);
    const mockups = await composeMockups({
      artwork: await drawDemoArtwork(artwork, scratch),
      scenes: MOCKUP_SCENES,
      folder: out,
    });
    for (const mockup of mockups.filter((m) => m.width === 1600)) {
      await sharp(mockup.file)
        .png()
        .toFile(mockup.file.replace(/\.webp$/, '.png'));
      console.log(mockup.file, `${Math.round(fs.statSync(mockup.file).size / 1024)} KB`);
    }
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

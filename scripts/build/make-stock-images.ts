// Writes the store's 25 stock pictures (the hero fills up with them and falls back to them; a card
// whose picture fails shows one) into src/client/public/stock. They are drawn by the demo catalogue's
// generator with seeds of their own, so they are local files, never remote ones, and the same on every run.
// Run with `npx tsx scripts/build/make-stock-images.ts` after changing the generator; the output is committed.
import fs from 'node:fs';
import path from 'node:path';
import { CATEGORY_IDS } from '../../src/shared/categories';
import { composeArtworkSvg } from '../../src/server/demo/demo-art-svg';
import { seededRandom } from '../../src/server/demo/random';
import { STOCK_IMAGE_COUNT, stockImageUrl } from '../../src/client/features/catalog/stock-images';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../src/client/public');
const FIRST_SEED = 9001;

for (let index = 0; index < STOCK_IMAGE_COUNT; index++) {
  const category = CATEGORY_IDS[index % CATEGORY_IDS.length] as (typeof CATEGORY_IDS)[number];
  const file = path.join(PUBLIC_DIR, stockImageUrl(index));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, composeArtworkSvg(category, seededRandom(FIRST_SEED + index)));
}
console.log(`wrote ${STOCK_IMAGE_COUNT} stock pictures to ${path.join(PUBLIC_DIR, 'stock')}`);

// Writes the store's 25 stock pictures (the hero fills up with them and falls back to them; a card
// whose picture fails shows one) into src/client/public/stock. They are drawn by the demo catalogue's
// generator with seeds of their own, so they are local files, never remote ones, and the same on every run.
// They stay 4:5 (the hero's tiles and the cards' placeholder are 4:5), in each category's schemes in turn.
// Run with `npx tsx scripts/build/make-stock-images.ts` after changing the generator; the output is committed.
import fs from 'node:fs';
import path from 'node:path';
import { CATEGORY_IDS } from '../../src/shared/catalogue/categories';
import { DEFAULT_DEMO_ASPECT } from '../../src/server/demo/demo-aspects';
import { demoSchemeOf } from '../../src/server/demo/demo-palettes';
import { composeArtworkSvg } from '../../src/server/demo/demo-picture';
import {
  STOCK_IMAGE_COUNT,
  STOCK_IMAGE_HEIGHT,
  STOCK_IMAGE_WIDTH,
  stockImageUrl,
} from '../../src/client/features/catalogue/stock-images';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../src/client/public');
const FIRST_SEED = 9001;

for (let index = 0; index < STOCK_IMAGE_COUNT; index++) {
  const category = CATEGORY_IDS[index % CATEGORY_IDS.length] as (typeof CATEGORY_IDS)[number];
  const scheme = demoSchemeOf(category, Math.floor(index / CATEGORY_IDS.length));
  const file = path.join(PUBLIC_DIR, stockImageUrl(index));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const picture = { category, seed: FIRST_SEED + index, aspect: DEFAULT_DEMO_ASPECT, scheme };
  fs.writeFileSync(file, composeArtworkSvg(picture, { width: STOCK_IMAGE_WIDTH, height: STOCK_IMAGE_HEIGHT }));
}
console.log(`wrote ${STOCK_IMAGE_COUNT} stock pictures to ${path.join(PUBLIC_DIR, 'stock')}`);

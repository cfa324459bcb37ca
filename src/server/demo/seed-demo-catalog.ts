import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { artworkOrientationOf } from '../../shared/catalogue/browse-facets';
import { tiersOfStoreDefault, type StoreLicenceDefault } from '../../shared/licences/licences';
import {
  type ArtworkInput,
  artworkInputToRow,
  insertArtworksWithPrices,
  syncArtworksFacets,
} from '../modules/artworks';
import { insertDemoCode } from '../modules/discounts';
import { insertDemoSets } from '../modules/sets';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { assignDemoMasterKeys } from './assign-demo-master-keys';
import { buildDemoCatalog, demoPictureOf, type DemoArtwork } from './demo-catalog';
import { demoMasterKey } from './demo-master';
import { demoMasterSize } from './demo-master-size';
import { renderDemoImages } from './render-demo-images';

const SEEDED_MARKER = 'demo_catalog_seeded_at';
// Two pictures at once: the child process draws one while it encodes the other (demo-renderer.ts), which keeps
// both cores busy. More would only wait there, each holding its memory.
const RENDER_CONCURRENCY = 2;

async function toArtworkInput(storage: StorageProvider, work: DemoArtwork, index: number): Promise<ArtworkInput> {
  const name = `artwork-${String(work.seed).padStart(4, '0')}`;
  const images = await renderDemoImages(storage, name, demoPictureOf(work));
  const media = images.slice(-1).map((image) => ({ type: 'image' as const, url: image.url }));
  if (work.hasVariation) {
    const variation = await renderDemoImages(storage, `${name}-variation`, demoPictureOf(work, 'variation'));
    media.push(...variation.slice(-1).map((image) => ({ type: 'image' as const, url: image.url })));
  }
  return {
    ...work,
    previewUrl: images[0]?.url,
    imageUrl: images[1]?.url,
    highResImageUrl: images[images.length - 1]?.url,
    images,
    media,
    // Spread over the last 60 days, oldest first, so 'newest' and 'oldest' order them as the ids do.
    createdAt: new Date(Date.now() - (60 - index) * 86_400_000).toISOString(),
  };
}

/** A demo artwork offers what STORE_LICENSE says; its commercial licence costs four times the personal one. */
function demoLicences(price: number, licenceDefault: StoreLicenceDefault) {
  // The demo shows what a listing can offer: both licences, unless the store sells commercial licences only
  // (decision 0040). STORE_LICENSE still decides what the owner's own new artworks offer.
  const tiers = tiersOfStoreDefault(licenceDefault === 'commercial' ? 'commercial' : 'both');
  return {
    offersPersonal: tiers.personal,
    commercialPrice: tiers.commercial ? Math.round(price * 400) / 100 : null,
  };
}

/**
 * Adds the demo catalogue once per database. The marker (not an empty table) decides, so an owner who deletes
 * the demo works does not see them come back at the next restart. Each demo artwork gets the key and size of its
 * print file, drawn on its first read (demo-master.ts); a database seeded before that gets the keys here too. No
 * print pack is queued: a pack is made when a buyer pays for the artwork or the owner opens its pack. The demo comes
 * with the code WELCOME10 (demo-code.ts), three sets (sets/demo-sets.ts), and no automatic sale.
 */
export async function seedDemoCatalog(
  db: Kysely<Database>,
  storage: StorageProvider,
  licenceDefault: StoreLicenceDefault = 'personal',
): Promise<number> {
  const marker = await db.selectFrom('app_meta').select('value').where('key', '=', SEEDED_MARKER).executeTakeFirst();
  if (marker) {
    await assignDemoMasterKeys(db);
    return 0;
  }

  const works = buildDemoCatalog();
  const inputs = new Array<ArtworkInput>(works.length);
  let next = 0;
  const worker = async () => {
    while (next < works.length) {
      const index = next++;
      inputs[index] = await toArtworkInput(storage, works[index] as DemoArtwork, index);
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));

  try {
    await db.transaction().execute(async (trx) => {
      // Inserting the marker first makes a second instance starting at the same moment fail here, not duplicate.
      await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: new Date().toISOString() }).execute();
      const rows = inputs.map((input, index) => {
        const { seed, aspect } = works[index] as DemoArtwork;
        // The master's size is known before it is drawn: the public print sizes show from the first start.
        const master = demoMasterSize(aspect, seed);
        return {
          ...artworkInputToRow({ ...input, ...demoLicences(input.price, licenceDefault) }),
          private_file_key: demoMasterKey(seed),
          master_width: master.width,
          master_height: master.height,
          // Its shape is known as well: the shop's orientation filter finds it from the first start.
          orientation: artworkOrientationOf(master.width, master.height),
        };
      });
      // The master sizes are known: the shop's "fits my frame" filter lists the demo from the first start.
      const ids = await insertArtworksWithPrices(trx, rows);
      await syncArtworksFacets(trx, ids);
      await insertDemoCode(trx, new Date());
      // Three sets of artworks sold together (decision 0066).
      await insertDemoSets(
        trx,
        rows.map((row, index) => ({ ...row, id: ids[index]! })),
      );
    });
  } catch (error) {
    const again = await db.selectFrom('app_meta').select('value').where('key', '=', SEEDED_MARKER).executeTakeFirst();
    if (again) return 0;
    throw error;
  }
  return inputs.length;
}

/** What every start runs (main.ts): the demo catalogue and its code, unless SEED_DEMO=false, which adds neither. */
export async function seedDemoWhenAsked(
  config: { seedDemo: boolean; license?: StoreLicenceDefault },
  db: Kysely<Database>,
  storage: StorageProvider,
): Promise<number> {
  return config.seedDemo ? seedDemoCatalog(db, storage, config.license) : 0;
}

import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type {
  ImportOutcome,
  ImportPreview,
  ImportProgress,
  Listing,
  RefusedRow,
} from '#shared/imports/import-schema.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { syncArtworksFacets } from '../artworks';
import { convertCents } from './convert-price';
import { fillDraft, insertDraft, type DraftDefaults } from './draft-artworks';
import {
  claimConfirmation,
  draftsWaitingForListings,
  findBatch,
  findDraftForSku,
  importedKeys,
  insertBatch,
  pictureJobsOf,
  queuePictureJob,
  recordKey,
  saveOutcome,
  type ImportBatch,
} from './repository';
import { understandCsv } from './understand-csv';
import { DraftsByName } from './waiting-drafts';

export interface ImportDeps extends DraftDefaults {
  db: Kysely<Database>;
  currency: StoreCurrency;
  /** Tells the picture worker that jobs are waiting. */
  nudgePictures: () => void;
}

/** The store's currency as CSVs write currencies: ISO 4217, in capitals. */
const storeCode = (deps: Pick<ImportDeps, 'currency'>) => deps.currency.toUpperCase();

async function previewOf(deps: ImportDeps, batch: ImportBatch): Promise<ImportPreview> {
  const done = await importedKeys(
    deps.db,
    batch.source,
    batch.listings.map((l) => l.key),
  );
  const foreign = new Set(batch.listings.map((l) => l.currency).filter((c) => c !== null && c !== storeCode(deps)));
  return {
    id: batch.id,
    source: batch.source,
    fileName: batch.fileName,
    storeCurrency: storeCode(deps),
    listings: batch.listings.map((listing) => ({ ...listing, alreadyImported: done.has(listing.key) })),
    refused: batch.refused,
    foreignCurrencies: [...foreign].filter((c): c is string => c !== null).sort(),
  };
}

/** Reads the uploaded CSV and keeps what it understood for the owner to confirm; nothing else is written. */
export async function previewImport(deps: ImportDeps, fileName: string, input: Readable): Promise<ImportPreview> {
  const understood = await understandCsv(input);
  const id = await insertBatch(deps.db, { ...understood, fileName: fileName.slice(0, 200) });
  return previewOf(deps, (await findBatch(deps.db, id))!);
}

async function batchOrNotFound(db: Kysely<Database>, id: number): Promise<ImportBatch> {
  const batch = await findBatch(db, id);
  if (!batch) throw new NotFoundError('Import not found');
  return batch;
}

export async function getImportPreview(deps: ImportDeps, id: number): Promise<ImportPreview> {
  return previewOf(deps, await batchOrNotFound(deps.db, id));
}

/** The listing's price in the store's currency, or why it cannot be had. */
function priceInStoreCurrency(listing: Listing, store: string, rates: Record<string, number>): number | RefusedRow {
  if (listing.currency === null || listing.currency === store) return listing.priceCents;
  const rate = rates[listing.currency];
  if (rate === undefined)
    return {
      row: listing.row,
      field: 'CURRENCY_CODE',
      reason: `priced in ${listing.currency}, not ${store}, and no conversion rate was given`,
      title: listing.title,
    };
  return convertCents(listing.priceCents, rate);
}

/** Rolls back a listing another confirmation imported at the same moment. */
class ListingTakenError extends Error {}

/** One listing made into a draft (or into the draft waiting for it), its key recorded and its pictures queued. */
async function importListing(
  deps: ImportDeps,
  batch: ImportBatch,
  listing: Listing,
  priceCents: number,
  byName: DraftsByName,
): Promise<{ result: 'created' | 'matched' | 'alreadyImported'; artworkId?: number }> {
  const bySku = listing.sku ? await findDraftForSku(deps.db, listing.sku) : undefined;
  if (bySku) byName.forget(bySku.id);
  const waiting = bySku ?? byName.take(listing);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const artworkId = waiting ? waiting.id : await insertDraft(trx, listing, priceCents, deps);
      const key = { source: batch.source, listingKey: listing.key, artworkId, batchId: batch.id };
      // The key is the once-only guard: a listing imported meanwhile rolls this one back.
      if (!(await recordKey(trx, key))) throw new ListingTakenError();
      if (waiting) await fillDraft(trx, artworkId, listing, priceCents, deps);
      const needsPicture = !waiting || waiting.image_url === null;
      if (needsPicture && listing.imageUrls.length > 0)
        await queuePictureJob(trx, { batchId: batch.id, artworkId, row: listing.row, urls: listing.imageUrls });
      return { result: waiting ? 'matched' : 'created', artworkId };
    });
  } catch (error) {
    if (error instanceof ListingTakenError) return { result: 'alreadyImported' };
    throw error;
  }
}

/**
 * Makes the batch's listings into drafts: each once ever (import_keys), in the store's currency at the owner's
 * rates (a listing in another currency without one is refused), its pictures fetched afterwards in the background.
 * Confirming twice does the work once.
 */
export async function confirmImport(
  deps: ImportDeps,
  id: number,
  rates: Record<string, number>,
): Promise<ImportProgress> {
  const batch = await batchOrNotFound(deps.db, id);
  if (!(await claimConfirmation(deps.db, id))) return importProgress(deps, id);
  const outcome: ImportOutcome = { created: 0, matched: 0, alreadyImported: 0, refused: [] };
  const done = await importedKeys(
    deps.db,
    batch.source,
    batch.listings.map((l) => l.key),
  );
  const artworkIds: number[] = [];
  const byName = new DraftsByName(await draftsWaitingForListings(deps.db));
  for (const listing of batch.listings) {
    if (done.has(listing.key)) {
      outcome.alreadyImported += 1;
      continue;
    }
    const price = priceInStoreCurrency(listing, storeCode(deps), rates);
    if (typeof price !== 'number') {
      outcome.refused.push(price);
      continue;
    }
    const { result, artworkId } = await importListing(deps, batch, listing, price, byName);
    outcome[result] += 1;
    if (artworkId !== undefined) artworkIds.push(artworkId);
  }
  await saveOutcome(deps.db, id, outcome);
  await syncArtworksFacets(deps.db, artworkIds);
  deps.nudgePictures();
  return importProgress(deps, id);
}

export async function importProgress(deps: Pick<ImportDeps, 'db'>, id: number): Promise<ImportProgress> {
  const batch = await batchOrNotFound(deps.db, id);
  const jobs = await pictureJobsOf(deps.db, id);
  const count = (status: string) => jobs.filter((j) => j.status === status).length;
  return {
    id,
    source: batch.source,
    fileName: batch.fileName,
    confirmed: batch.confirmed,
    outcome: batch.outcome,
    pictures: { total: jobs.length, waiting: count('waiting'), done: count('done'), failed: count('failed') },
    pictureProblems: jobs
      .filter((j) => j.last_error !== null && j.status !== 'waiting')
      .map((j) => ({ row: j.row_number, artworkId: j.artwork_id, reason: j.last_error! })),
  };
}

import type { Kysely, Transaction } from 'kysely';
import { parseArtworkId } from '#shared/catalogue/artwork.ts';
import type { StoreLicenceDefault } from '#shared/licences/licences.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import { mainImageOf } from '#shared/catalogue/artwork-images.ts';
import type { MediaItem } from '#shared/catalogue/artwork-schema.ts';
import type { AdminArtwork, ArtworkCreate, ArtworkUpdate, BulkChange } from '#shared/catalogue/artwork-write-schema.ts';
import type { ArtworkRow, ArtworkRowUpdate, Database } from '../../db/schema';
import { InvalidInputError, NotFoundError } from '../../errors';
import { findUploadByKey, findUploadsByUrl, type UploadRecord } from '../uploads';
import { artworkFieldsToRow, artworkInputToRow, rowToArtwork, searchTextOf, type ArtworkInput } from './artwork-row';
import { offeredLicences } from './offered-licences';
import { chosenPricing, PERSONAL_ONLY } from './chosen-pricing';
import { demoSeedOfMasterKey } from '../../demo/demo-master';
import { findArtworkById } from './repository';
import type { ArtworkDomainEvent } from '../../events/domain-events';
import type { EventBus } from '../../events/event-bus';
import { ownerMockupsOf } from '../room-mockups';
import type { ArtworkStatus } from '#shared/catalogue/artwork-release.ts';
import { releaseArtworks } from './release/release-service';
import {
  deleteArtworkRows,
  findAllArtworkRows,
  findExistingIds,
  insertArtwork,
  updateArtworkRows,
} from './write-repository';

const fieldError = (field: string, message: string) => new InvalidInputError('Invalid request', { [field]: [message] });

/** The images an artwork shows, from the stored preview upload: its renditions feed srcset. */
export function previewFields(
  preview: UploadRecord,
): Pick<ArtworkInput, 'images' | 'previewUrl' | 'imageUrl' | 'highResImageUrl'> {
  const images = [...preview.images].sort((a, b) => a.width - b.width);
  return {
    images,
    previewUrl: images[0]?.url ?? preview.url,
    imageUrl: mainImageOf(images)?.url ?? preview.url,
    highResImageUrl: preview.url,
  };
}

/** Files must be ones this server stored (or, on an edit, ones the artwork already has): the server is the authority. */
export async function resolvePreview(db: Kysely<Database>, url: string): Promise<UploadRecord> {
  const [upload] = await findUploadsByUrl(db, [url]);
  if (!upload || upload.kind !== 'preview') throw fieldError('previewUrl', 'Upload the preview image first.');
  return upload;
}

async function resolveMedia(
  db: Kysely<Database>,
  media: MediaItem[],
  alreadyThere: MediaItem[] = [],
): Promise<MediaItem[]> {
  // Room mockups are the store's, made from the picture: a client sending the public media list back does not make
  // them the owner's.
  const owned = media.filter((item) => item.mockup === undefined);
  const known = new Set(alreadyThere.map((m) => m.url));
  const uploads = await findUploadsByUrl(
    db,
    owned.map((m) => m.url).filter((url) => !known.has(url)),
  );
  const byUrl = new Map(uploads.filter((u) => u.kind !== 'private').map((u) => [u.url, u]));
  return owned.map((item) => {
    if (known.has(item.url)) return item;
    const upload = byUrl.get(item.url);
    if (!upload) throw fieldError('media', `Upload ${item.url} before adding it to the artwork.`);
    return { type: upload.contentType.startsWith('video/') ? 'video' : 'image', url: item.url };
  });
}

export async function resolvePrivateFile(db: Kysely<Database>, key: string): Promise<UploadRecord> {
  const upload = await findUploadByKey(db, key);
  if (!upload || upload.kind !== 'private')
    throw fieldError('privateFileKey', 'Upload the full-resolution file first.');
  return upload;
}

async function toAdminArtwork(db: Kysely<Database>, row: ArtworkRow): Promise<AdminArtwork> {
  const privateUpload = row.private_file_key ? await findUploadByKey(db, row.private_file_key) : undefined;
  const artwork = rowToArtwork(row);
  return {
    ...artwork,
    media: artwork.media.filter((item) => item.mockup === undefined),
    mockups: await ownerMockupsOf(db, row),
    release: {
      status: row.status,
      publishAt: row.publish_at === null ? null : new Date(row.publish_at).toISOString(),
      publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    },
    googleDriveLink: row.google_drive_link,
    privateFile: privateUpload
      ? { name: privateUpload.originalName, size: privateUpload.size, contentType: privateUpload.contentType }
      : demoMasterFile(row.private_file_key),
  };
}

/**
 * A demo artwork's master was never uploaded (it is drawn on its first read), yet it is the artwork's
 * full-resolution file: without it the owner's form would take the artwork for one without a download, and refuse
 * to save it. Its size is not known until it is drawn.
 */
function demoMasterFile(key: string | null): AdminArtwork['privateFile'] {
  if (!key || demoSeedOfMasterKey(key) === undefined) return null;
  return { name: `${key.slice(key.lastIndexOf('/') + 1)} (demo master)`, size: 0, contentType: 'image/png' };
}

export async function getAdminArtwork(db: Kysely<Database>, rawId: string): Promise<AdminArtwork> {
  const id = parseArtworkId(rawId);
  const row = id === null ? undefined : await findArtworkById(db, id);
  if (!row) throw new NotFoundError('Artwork not found');
  return toAdminArtwork(db, row);
}

/** Every artwork, drafts and scheduled ones included; `status` narrows the list to one. */
export async function listAdminArtworks(db: Kysely<Database>, status?: ArtworkStatus): Promise<AdminArtwork[]> {
  const rows = await findAllArtworkRows(db, status);
  return Promise.all(rows.map((row) => toAdminArtwork(db, row)));
}

export interface ArtworkWriteDeps {
  db: Kysely<Database>;
  /**
   * Told what changed (created, picture or master replaced, deleted): the print pack, the room mockups and the
   * palette follow from there, after the commit.
   */
  events: EventBus;
  /** STORE_LICENSE: the licences a new artwork offers when the owner does not say. */
  licenceDefault: StoreLicenceDefault;
  /** The store's currency: a pay-what-you-want minimum must be 0 or an amount its card payments can take. */
  currency: StoreCurrency;
}

/** The master's size as its upload recorded it (upright), for the print sizes shown before its pack is made. */
const masterSizeOf = (upload: UploadRecord) => ({ master_width: upload.width, master_height: upload.height });

/**
 * Writes the artwork and what changed in one transaction, then runs at once what listens after the commit (the
 * outbox keeps it for another instance if this one dies in between).
 */
export async function writeAndTell<T>(
  { db, events }: Pick<ArtworkWriteDeps, 'db' | 'events'>,
  write: (trx: Transaction<Database>) => Promise<{ result: T; changes: ArtworkDomainEvent[] }>,
): Promise<T> {
  const { result, afterCommit } = await db.transaction().execute(async (trx) => {
    const { result, changes } = await write(trx);
    return { result, afterCommit: await events.emitAll(trx, changes) };
  });
  await events.runAfterCommit(afterCommit);
  return result;
}

export async function createArtwork(deps: ArtworkWriteDeps, input: ArtworkCreate): Promise<AdminArtwork> {
  const { db } = deps;
  const preview = await resolvePreview(db, input.previewUrl);
  const media = await resolveMedia(db, input.media);
  const master = input.privateFileKey ? await resolvePrivateFile(db, input.privateFileKey) : undefined;
  const chosen = chosenPricing(input, null, deps.currency);
  const licences = chosen.minimumPrice === null ? offeredLicences(input, deps.licenceDefault) : PERSONAL_ONLY;
  const { release, ...fields } = input;
  const row = artworkInputToRow({ ...fields, ...previewFields(preview), media, ...licences, ...chosen });
  // Held back from the start, so a draft is never in the shop, not even for the moment before its release is set.
  const held = release && release.status !== 'published' ? { status: 'draft' as const } : {};
  const id = await writeAndTell(deps, async (trx) => {
    const artworkId = await insertArtwork(trx, {
      ...row,
      ...held,
      private_file_key: input.privateFileKey ?? null,
      ...(master ? masterSizeOf(master) : {}),
    });
    return { result: artworkId, changes: [{ type: 'artwork.created', artworkId }] };
  });
  if (release && release.status !== 'published') await releaseArtworks(deps, [id], release);
  return getAdminArtwork(db, String(id));
}

/** Changes only what was sent: other fields, and the files not replaced, stay as they are. */
export async function updateArtwork(
  deps: ArtworkWriteDeps,
  rawId: string,
  input: ArtworkUpdate,
): Promise<AdminArtwork> {
  const { db } = deps;
  const current = await getAdminArtwork(db, rawId);
  const { previewUrl, media, privateFileKey, offersPersonal, offersCommercial, commercialPrice, ...rest } = input;
  const { payWhatYouWant, minimumPrice, release, ...fields } = rest;
  const stored = (await findArtworkById(db, current.id))!;
  const chosen = chosenPricing(
    { payWhatYouWant, minimumPrice, price: input.price, offersCommercial },
    { minimumCents: stored.minimum_price_cents, priceCents: stored.price_cents },
    deps.currency,
  );
  const licences =
    chosen.minimumPrice === null
      ? offeredLicences({ offersPersonal, offersCommercial, commercialPrice }, current.licences)
      : PERSONAL_ONLY;
  const changes: ArtworkRowUpdate = {
    ...artworkFieldsToRow({ ...fields, ...licences, ...chosen }),
    updated_at: new Date().toISOString(),
  };

  const newPicture = previewUrl !== undefined && previewUrl !== current.highResImageUrl;
  if (newPicture) Object.assign(changes, artworkFieldsToRow(previewFields(await resolvePreview(db, previewUrl))));
  if (media !== undefined)
    Object.assign(changes, artworkFieldsToRow({ media: await resolveMedia(db, media, current.media) }));
  const newMaster = privateFileKey !== undefined && privateFileKey !== stored.private_file_key;
  if (newMaster) {
    const master = await resolvePrivateFile(db, privateFileKey);
    Object.assign(changes, { private_file_key: privateFileKey, ...masterSizeOf(master) });
  } else if (privateFileKey !== undefined) await resolvePrivateFile(db, privateFileKey);
  if ([input.title, input.artist, input.description, input.tags].some((v) => v !== undefined)) {
    changes.search_text = searchTextOf({
      title: input.title ?? current.title,
      artist: input.artist ?? current.artist,
      description: input.description ?? current.description,
      tags: input.tags ?? current.tags,
    });
  }
  const artworkId = current.id;
  await writeAndTell(deps, async (trx) => {
    await updateArtworkRows(trx, [artworkId], changes);
    const told: ArtworkDomainEvent[] = [];
    if (newMaster) told.push({ type: 'artwork.master-replaced', artworkId });
    if (newPicture) told.push({ type: 'artwork.picture-replaced', artworkId });
    return { result: undefined, changes: told };
  });
  if (release) await releaseArtworks(deps, [artworkId], release);
  return getAdminArtwork(db, String(artworkId));
}

export async function deleteArtwork(deps: Pick<ArtworkWriteDeps, 'db' | 'events'>, rawId: string): Promise<void> {
  const current = await getAdminArtwork(deps.db, rawId);
  await writeAndTell(deps, async (trx) => {
    await deleteArtworkRows(trx, [current.id]);
    return { result: undefined, changes: [{ type: 'artwork.deleted', artworkIds: [current.id] }] };
  });
}

/** All or nothing: one transaction, and no change at all when any of the artworks does not exist. */
export async function bulkChangeArtworks(
  deps: Pick<ArtworkWriteDeps, 'db' | 'events'>,
  change: BulkChange,
): Promise<{ changed: number }> {
  const ids = [...new Set(change.ids)];
  return writeAndTell(deps, async (trx) => {
    const existing = new Set(await findExistingIds(trx, ids));
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw new NotFoundError('Some of the selected artworks no longer exist; nothing was changed.', {
        ids: missing.map(String),
      });
    }
    const result = { changed: ids.length };
    if ('delete' in change) {
      await deleteArtworkRows(trx, ids);
      return { result, changes: [{ type: 'artwork.deleted', artworkIds: ids }] };
    }
    await updateArtworkRows(trx, ids, {
      ...artworkFieldsToRow(change.changes),
      updated_at: new Date().toISOString(),
    });
    return { result, changes: [] };
  });
}

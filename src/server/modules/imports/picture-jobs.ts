import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { UploadedFile } from '#shared/catalogue/artwork-write-schema.ts';
import type { UploadKind } from '#shared/catalogue/artwork-write.ts';
import type { Database } from '../../db/schema';
import { DomainError, NotFoundError } from '../../errors';
import { doublingBackOff } from '../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../operations/jobs/job-runner';
import type { JobRow } from '../../operations/jobs/job-table';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { updateArtwork, type ArtworkWriteDeps } from '../artworks';
import { storeUploads } from '../uploads';
import { FetchRefusedError, fetchSafely, type SafeFetchOptions } from './safe-fetch';
import { IMPORT_PICTURE_JOBS } from './repository';

// An imported listing's pictures, fetched from the CSV's addresses in the background: each through the same checks
// and pipeline as a picture the owner uploads (type read from the bytes, decoded, WebP renditions), the first made
// the artwork's picture through the owner's own edit (so its palette, orientation and room mockups follow), the
// others its media. A first picture large enough for a print also becomes the master.

export interface ImportPictureDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  privateStore: StorageProvider;
  log: FastifyBaseLogger;
  artworks: ArtworkWriteDeps;
  fetch: SafeFetchOptions;
}

type Job = JobRow<'import_picture_jobs'>;
type Ending = { status: 'done' | 'failed'; problems: string[] };

/** A master the print pack can use: 8 × 10 in at 150 DPI, the upload's own floor (uploads/master-image-check.ts). */
const MASTER_SHORT_SIDE = 1200;
const MASTER_LONG_SIDE = 1500;
const TRIES = 3;

const reasonOf = (error: unknown) =>
  error instanceof FetchRefusedError || error instanceof DomainError ? error.message : String(error);

function fileNameOf(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return last.replace(/[^\w.-]+/g, '-').slice(0, 120) || 'imported-picture';
}

/** The fetched bytes as the one file part of an upload. */
function asParts(name: string, bytes: Buffer) {
  return (async function* parts() {
    yield { filename: name, file: Readable.from([bytes]), toBuffer: async () => bytes };
  })();
}

export function createImportPictures(deps: ImportPictureDeps): JobRunner {
  const stores = { db: deps.db, publicStore: deps.publicStore, privateStore: deps.privateStore, log: deps.log };
  const endings = new Map<number, Ending>();

  async function store(kind: UploadKind, name: string, bytes: Buffer): Promise<UploadedFile> {
    const [file] = await storeUploads(stores, kind, asParts(name, bytes));
    return file!;
  }

  /** The picture as the master too, when it is large enough; a picture refused as a master is simply not one. */
  async function masterFrom(picture: UploadedFile, name: string, bytes: Buffer): Promise<string | undefined> {
    const [short, long] = [picture.width ?? 0, picture.height ?? 0].sort((a, b) => a - b);
    if (short! < MASTER_SHORT_SIDE || long! < MASTER_LONG_SIDE) return undefined;
    try {
      return (await store('private', name, bytes)).path;
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }

  async function run(job: Job): Promise<void> {
    const urls = JSON.parse(job.urls) as string[];
    const problems: string[] = [];
    let picture: UploadedFile | undefined;
    let masterKey: string | undefined;
    const media: UploadedFile[] = [];
    for (const [index, url] of urls.entries()) {
      try {
        const fetched = await fetchSafely(url, deps.fetch);
        const name = fileNameOf(fetched.url);
        if (picture) media.push(await store('media', name, fetched.bytes));
        else {
          picture = await store('preview', name, fetched.bytes);
          masterKey = await masterFrom(picture, name, fetched.bytes);
        }
      } catch (error) {
        // Nothing stored yet and the server may answer later: the whole job is tried again.
        const temporary = !(error instanceof DomainError) && !(error instanceof FetchRefusedError && !error.temporary);
        if (temporary && !picture && job.attempts + 1 < TRIES) throw error;
        problems.push(`image ${index + 1} (${url}): ${reasonOf(error)}`);
      }
    }
    if (picture) {
      try {
        await updateArtwork(deps.artworks, String(job.artwork_id), {
          previewUrl: picture.url ?? picture.path,
          ...(media.length > 0 ? { media: media.map((m) => ({ type: 'image' as const, url: m.url ?? m.path })) } : {}),
          ...(masterKey ? { privateFileKey: masterKey } : {}),
        });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        problems.push('the artwork was deleted before its picture arrived');
        picture = undefined;
      }
    }
    endings.set(job.id, { status: picture ? 'done' : 'failed', problems });
  }

  return createJobRunner({
    name: 'import pictures',
    db: deps.db,
    log: deps.log,
    table: IMPORT_PICTURE_JOBS,
    run,
    done: (job) => {
      const ending: Ending = endings.get(job.id) ?? { status: 'done', problems: [] };
      endings.delete(job.id);
      return { status: ending.status, last_error: ending.problems.join('; ').slice(0, 1000) || null };
    },
    backOff: doublingBackOff({ firstMs: 10_000, maxMs: 300_000 }),
    giveUp: { afterAttempts: TRIES, changes: () => ({ status: 'failed' as const }) },
    everyMs: 5_000,
    batch: 5,
    // A batch is five listings of up to ten pictures, each fetched within its timeout: a generous lease.
    leaseMs: 10 * 60_000,
  });
}

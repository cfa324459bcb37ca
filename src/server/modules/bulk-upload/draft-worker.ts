import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataStore } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { fromCents } from '#shared/money/money.ts';
import type { Database } from '../../db/schema';
import { FileRejectedError, FileTooLargeError } from '../../errors';
import type { Worker } from '../../operations/background-worker';
import { stepBackOff } from '../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../operations/jobs/job-runner';
import type { JobRow } from '../../operations/jobs/job-table';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { createDraftArtwork, type ArtworkWriteDeps } from '../artworks';
import { storeMasterFromDisk } from '../uploads';
import { BULK_FILE_JOBS, failFile, fileDrafted, findBatchPrice } from './repository';
import { copyUploadToFile } from './upload-bytes';

/** A master of 300 MB copied, decoded whole and stored takes a minute or two; the lease is kept well past that. */
const LEASE_MS = 15 * 60_000;
/** A file that fails for another reason than itself (the storage down) is tried again, then given up on. */
const RETRY_STEPS_MS = [5_000, 30_000, 120_000];
const GIVE_UP_AFTER = 4;

export interface DraftWorkerDeps {
  db: Kysely<Database>;
  datastore: DataStore;
  publicStore: StorageProvider;
  privateStore: StorageProvider;
  /** How the draft artwork is written: its events make the print pack, palette and mockups after the commit. */
  writes: ArtworkWriteDeps;
  log: FastifyBaseLogger;
  /** How often it looks for due files besides being nudged; tests shorten it. */
  pollMs?: number;
}

type FileJob = JobRow<'bulk_upload_files'>;

/**
 * Makes a draft artwork from each whole master, in the background through the job runner, one file at a time per
 * instance (a 12 MP decode is heavy; a batch of 200 is spread over whichever instances are up). The upload is
 * copied from the tus store to a scratch folder as a stream, stored as the master upload stores it, and the draft
 * made; then the tus upload is removed. A file the store refuses (damaged, too small to print) is marked failed
 * with the reason, once; a failure of the storage or database is tried again.
 */
export class DraftWorker {
  private readonly runner: JobRunner;

  constructor(private readonly deps: DraftWorkerDeps) {
    this.runner = createJobRunner({
      name: 'bulk upload drafts',
      db: deps.db,
      log: deps.log,
      table: BULK_FILE_JOBS,
      run: (job) => this.makeDraft(job),
      done: () => ({}),
      backOff: stepBackOff(RETRY_STEPS_MS),
      giveUp: {
        afterAttempts: GIVE_UP_AFTER,
        changes: () => ({ status: 'failed' as const, error: 'The draft could not be made; upload the file again.' }),
      },
      everyMs: deps.pollMs ?? 2_000,
      batch: 1,
      leaseMs: LEASE_MS,
    });
  }

  start(): Worker {
    return this.runner.start();
  }

  nudge(): void {
    this.runner.nudge();
  }

  private async makeDraft(job: FileJob): Promise<void> {
    const { deps } = this;
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bulk-draft-'));
    try {
      const file = path.join(scratch, 'master');
      await copyUploadToFile(deps.datastore, job.upload_id, file);
      const size = (await fs.stat(file)).size;
      let stored;
      try {
        stored = await storeMasterFromDisk(
          { db: deps.db, publicStore: deps.publicStore, privateStore: deps.privateStore, log: deps.log },
          { name: job.file_name, path: file, size },
        );
      } catch (error) {
        if (!(error instanceof FileRejectedError || error instanceof FileTooLargeError)) throw error;
        await failFile(deps.db, job.upload_id, error.message);
        await this.removeUpload(job);
        return;
      }
      const batch = await findBatchPrice(deps.db, job.batch_id);
      const price = batch?.price_cents == null ? undefined : fromCents(batch.price_cents);
      await createDraftArtwork(
        deps.writes,
        { fileName: job.file_name, previewUrl: stored.preview.url!, privateFileKey: stored.master.key, price },
        (trx, artworkId) => fileDrafted(trx, job.id, artworkId),
      );
      await this.removeUpload(job);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }

  /** The master is in the private store now; the tus copy is dropped (its expiry would drop it later anyway). */
  private async removeUpload(job: FileJob): Promise<void> {
    await this.deps.datastore.remove(job.upload_id).catch((error: unknown) => {
      this.deps.log.warn({ err: error, upload: job.upload_id }, 'bulk upload: the finished upload was not removed');
    });
  }
}

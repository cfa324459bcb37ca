// How far the upgrade's background work has got, read from the store's database by the bench (the store itself
// is not asked: its pages are what is being measured).
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface Progress {
  at: number;
  artworks: number;
  /** Artworks whose mockups are made. */
  mockups: number;
  /** Mockup jobs given up (the picture could not be read). */
  mockupsFailed: number;
  palettes: number;
  packsReady: number;
  packsQueued: number;
}

const count = (rows: { n: number | string | bigint }) => Number(rows.n);

export async function readProgress(db: Kysely<Database>): Promise<Progress> {
  const artworks = await db
    .selectFrom('artworks')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('mockups_source').as('mockups'),
      eb.fn.count<number>('palette').as('palettes'),
    ])
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom('mockup_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  const packs = await db
    .selectFrom('print_packs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const packsOf = (status: string) => count(packs.find((row) => row.status === status) ?? { n: 0 });
  return {
    at: performance.now(),
    artworks: count(artworks),
    mockups: Number(artworks.mockups),
    mockupsFailed: count(failed),
    palettes: Number(artworks.palettes),
    packsReady: packsOf('ready'),
    packsQueued: packs.reduce((sum, row) => sum + Number(row.n), 0),
  };
}

export interface Queueing {
  queued: number;
  /** The store's own figure when it logs one; else the log line's time less the time the store began listening. */
  ms: number;
  measured: boolean;
  statements: number | null;
  batches: number | null;
}

/** The line the store logs once it has queued the mockups of artworks that had none; null while it has not. */
export function readQueueing(logFile: string): Queueing | null {
  let text: string;
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch {
    return null;
  }
  let listeningAt = 0;
  for (const line of text.split('\n')) {
    // The worker's first run starts as the app is ready, just before it listens.
    if (listeningAt === 0 && line.includes('Server listening'))
      listeningAt = (JSON.parse(line) as { time: number }).time;
    if (!line.includes('room mockups queued')) continue;
    const entry = JSON.parse(line) as {
      time: number;
      queued: number;
      ms?: number;
      statements?: number;
      batches?: number;
    };
    return {
      queued: entry.queued,
      ms: entry.ms ?? entry.time - listeningAt,
      measured: entry.ms !== undefined,
      statements: entry.statements ?? null,
      batches: entry.batches ?? null,
    };
  }
  return null;
}

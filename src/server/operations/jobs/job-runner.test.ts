import type { ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_JOB_STATUSES } from '#shared/jobs/job-status.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { spawnChild } from '../spawn-child';
import { doublingBackOff, stepBackOff } from './back-off';
import { claimDueJobs, releaseJobs, renewLease } from './job-lease';
import { createJobRunner, type JobRunnerOptions } from './job-runner';
import { defineJobTable } from './job-table';

// The runner over a job table of the store's own (print packs' rows, read here as plain jobs with a status).
const JOBS = defineJobTable({
  table: 'print_packs',
  pending: (eb) => eb('status', 'in', ACTIVE_JOB_STATUSES),
  order: [{ column: 'priority', desc: true }, { column: 'id' }],
  onClaim: { status: 'making' },
  namesWorker: true,
});

describe('back-off', () => {
  it('waits by steps, the last one repeating, or doubling up to a ceiling', () => {
    const steps = stepBackOff([5, 30, 120]);
    expect([1, 2, 3, 4, 9].map(steps)).toEqual([5, 30, 120, 120, 120]);
    const doubling = doublingBackOff({ firstMs: 5, maxMs: 30 });
    expect([1, 2, 3, 4, 5].map(doubling)).toEqual([5, 10, 20, 30, 30]);
  });
});

describe.each(TEST_ENGINES)('job runner (%s)', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(() => database.close());

  const queue = async (count: number, priority = 0) => {
    const now = new Date().toISOString();
    const rows = await database.db
      .insertInto('print_packs')
      .values(
        Array.from({ length: count }, (_, index) => ({
          artwork_id: index + 1,
          master_key: `master-${index}`,
          status: 'queued' as const,
          priority,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  };
  const rowOf = (id: number) =>
    database.db.selectFrom('print_packs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const inMs = (ms: number) => new Date(Date.now() + ms);
  const log = () => ({ warn: vi.fn(), error: vi.fn() });

  it('gives each due job to one worker, most urgent first; only its holder renews it, and a lapsed one is due again', async () => {
    const background = await queue(2);
    const [urgent] = await queue(1, 10);
    const claim = (worker: string, until = inMs(30_000)) =>
      claimDueJobs(database.db, JOBS, { now: new Date(), until, worker, limit: 2 });

    const [first, second] = await Promise.all([claim('a'), claim('b')]);
    const claimed = [...first, ...second];
    expect(claimed.map((job) => job.id).sort()).toEqual([...background, urgent].sort());
    const a = first[0]!;
    expect(a).toMatchObject({ status: 'making', claimed_by: 'a' });
    expect(first.length === 2 ? first[0]!.id : second[0]!.id).toBe(urgent);
    expect(await claim('c')).toEqual([]);

    expect(await renewLease(database.db, JOBS, a.id, 'b', inMs(60_000))).toBe(false);
    expect(await renewLease(database.db, JOBS, a.id, 'a', inMs(60_000))).toBe(true);

    // Handed back untried: due again at once, for anyone; a lease that ran out is due again too.
    await releaseJobs(database.db, JOBS, [a.id], 'a');
    expect(await rowOf(a.id)).toMatchObject({ claimed_by: null, claimed_until: null, attempts: 0 });
    const lapsed = (second[0] ?? first[1])!.id;
    await database.db
      .updateTable('print_packs')
      .set({ claimed_until: inMs(-1).toISOString() })
      .where('id', '=', lapsed)
      .execute();
    expect((await claim('c')).map((job) => job.id).sort()).toEqual([a.id, lapsed].sort());
  });

  const runner = (overrides: Partial<JobRunnerOptions<'print_packs'>> & Pick<JobRunnerOptions<'print_packs'>, 'run'>) =>
    createJobRunner({
      name: 'test jobs',
      db: database.db,
      log: log(),
      table: JOBS,
      done: () => ({ status: 'ready' as const }),
      backOff: doublingBackOff({ firstMs: 60_000, maxMs: 600_000 }),
      everyMs: 10,
      batch: 2,
      leaseMs: 30_000,
      ...overrides,
    });

  it('retries a failing job with back-off, then gives up after its last try, keeping the reason and saying so', async () => {
    const [id] = await queue(1);
    const logged = log();
    const run = vi.fn(() => Promise.reject(new Error('the picture is damaged')));
    const jobs = runner({
      run,
      log: logged,
      giveUp: { afterAttempts: 2, changes: () => ({ status: 'failed' as const }) },
    });

    const before = Date.now();
    expect(await jobs.runNow([id!], 1_000)).toBe(true);
    const retried = await rowOf(id!);
    expect(retried).toMatchObject({ attempts: 1, last_error: 'the picture is damaged', claimed_by: null });
    expect(new Date(retried.next_attempt_at).getTime() - before).toBeGreaterThanOrEqual(60_000);
    expect(logged.warn).toHaveBeenCalledTimes(1);

    await jobs.runNow([id!], 1_000);
    expect(await rowOf(id!)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'the picture is damaged' });
    expect(logged.error).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 2 }),
      expect.stringMatching(/given up/),
    );

    await jobs.runNow([id!], 1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs due jobs in order when started, marks them done, and stops a batch at a failure when asked', async () => {
    const ids = await queue(3);
    const ran: number[] = [];
    const failing = runner({
      run: (job) => {
        ran.push(job.id);
        return job.id === ids[0] ? Promise.reject(new Error('down')) : Promise.resolve();
      },
      stopBatchOnFailure: true,
    });
    expect(await failing.runNow(ids, 1_000)).toBe(false);
    expect(ran).toEqual([ids[0]]);
    expect(await rowOf(ids[1]!)).toMatchObject({ status: 'making', claimed_by: null, attempts: 0 });

    const done: number[] = [];
    const worker = runner({ run: async () => undefined, afterDone: async (job) => void done.push(job.id) }).start();
    await expect.poll(() => done.length).toBe(2);
    await worker.stop();
    expect(done).toEqual([ids[1], ids[2]]);
    expect(await rowOf(ids[2]!)).toMatchObject({ status: 'ready', attempts: 1, claimed_by: null, claimed_until: null });
    expect(await rowOf(ids[0]!)).toMatchObject({ status: 'making', attempts: 1 });
  });

  it('ends the child process of the job in hand when stopped, and hands the job back untried', async () => {
    const [id] = await queue(1);
    let child: ChildProcess | undefined;
    // A job that waits on its child until the child ends, as a print pack waits for its cutting.
    const worker = runner({
      run: () =>
        new Promise((_resolve, reject) => {
          child = spawnChild('decode-master-child');
          child.once('exit', (code, signal) => reject(new Error(`the child ended (${signal ?? code})`)));
        }),
    }).start();
    await expect.poll(() => child?.pid).toBeDefined();
    const exited = new Promise((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await exited).toBe('SIGKILL');
    expect(await rowOf(id!)).toMatchObject({ status: 'making', attempts: 0, last_error: null, claimed_by: null });
  });
});

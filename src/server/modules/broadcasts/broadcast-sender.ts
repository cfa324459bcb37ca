import { SERVICE_RETRY_STEPS_MS, stepBackOff } from '../../operations/jobs/back-off';
import { whileLeased } from '../../operations/jobs/hold-lease';
import { createJobRunner, type JobRunner } from '../../operations/jobs/job-runner';
import { WORKER_ID } from '../../operations/jobs/worker-id';
import { BROADCAST_JOBS } from './repository';
import { sendBatch, type SenderDeps } from './send-batch';

export interface BroadcastSenderOptions {
  /** How often the runner looks for a broadcast whose next batch is due. */
  pollMs?: number;
  /**
   * How long a claim keeps other instances off a broadcast, renewed while a batch is sent. When an instance dies,
   * the next batch waits this long, and the one message it was handing over becomes unknown.
   */
  leaseMs?: number;
}

/**
 * Sends the broadcasts through the one job runner: each turn claims one broadcast whose next batch is due and
 * sends that batch (send-batch.ts). A turn that stopped on the mail server's trouble is tried again with the
 * mail's back-off.
 */
export function createBroadcastSender(deps: SenderDeps, options: BroadcastSenderOptions = {}): JobRunner {
  const leaseMs = options.leaseMs ?? 60_000;
  return createJobRunner({
    name: 'broadcasts',
    db: deps.db,
    log: deps.log,
    table: BROADCAST_JOBS,
    run: (job) =>
      whileLeased({ db: deps.db, table: BROADCAST_JOBS, id: job.id, worker: WORKER_ID, leaseMs }, () =>
        sendBatch(deps, job, WORKER_ID),
      ),
    // sendBatch itself sets when the broadcast is due again, or marks it done.
    done: () => ({}),
    backOff: stepBackOff(SERVICE_RETRY_STEPS_MS),
    everyMs: options.pollMs ?? 1_000,
    batch: 1,
    leaseMs,
  });
}

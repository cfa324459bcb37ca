import { claimDueJobs } from '../../operations/jobs/job-lease';
import { MOCKUP_JOBS } from './mockup-repository';
import { makeMockups, type MockupMakerDeps } from './make-mockups';

/** How long a claim lasts without news from its worker, as a print pack's. */
const CLAIM_MS = 30_000;

/**
 * Claims the oldest due mockup job and makes it. Answers 'none' when nothing was due, else whether the artwork's
 * public answer changed. The print pack worker calls it between packs; tests call it directly.
 */
export async function makeNextMockups(
  deps: MockupMakerDeps,
  worker: string,
): Promise<'none' | 'changed' | 'unchanged'> {
  const now = new Date();
  const until = new Date(now.getTime() + CLAIM_MS);
  const [job] = await claimDueJobs(deps.db, MOCKUP_JOBS, { now, until, worker, limit: 1 });
  if (!job) return 'none';
  return (await makeMockups(deps, job, worker, CLAIM_MS)) ? 'changed' : 'unchanged';
}

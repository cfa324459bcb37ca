// The states of the store's background jobs as the server keeps them and the owner's and the buyer's pages show them
// (print packs and their files, room mockups). Zod-free: the client imports it.

/** A job's own state: waiting for a worker, being made, made, or given up (with its reason). */
export const JOB_STATUSES = ['queued', 'making', 'ready', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a page shows of a thing's job: 'none' when it has none (nothing to make it from, or none asked for yet). */
export const SHOWN_JOB_STATUSES = ['none', ...JOB_STATUSES] as const;
export type ShownJobStatus = (typeof SHOWN_JOB_STATUSES)[number];

/** The states in which a job still has work: workers claim only those, and a page asks again while one is. */
export const ACTIVE_JOB_STATUSES = ['queued', 'making'] as const satisfies readonly JobStatus[];

export const isJobActive = (status: ShownJobStatus) => status === 'queued' || status === 'making';

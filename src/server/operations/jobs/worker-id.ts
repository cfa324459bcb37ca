import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * Names this process in the claims it takes: a claim is renewed and ended only by the worker holding it. The
 * cluster scripts read the process id back out of it (`host-pid-random`).
 */
export const WORKER_ID = `${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;

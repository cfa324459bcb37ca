import { sql, type Kysely } from 'kysely';
import type { MailProvider } from '../../providers/mail/mail-provider';
import type { StorageProvider } from '../../providers/storage/storage-provider';

/** How long one part may take to answer before it counts as down: a balancer polls often and must not wait. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const READY_PARTS = ['database', 'publicStorage', 'privateStorage', 'mail'] as const;
export type ReadyPart = (typeof READY_PARTS)[number];
export type PartState = 'ok' | 'unreachable' | 'timed out' | 'not checkable';

const LABELS: Record<ReadyPart, string> = {
  database: 'database',
  publicStorage: 'public storage',
  privateStorage: 'private storage',
  mail: 'mail',
};

export interface ReadyParts {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- only `select 1` is run: any schema will do
  db: Kysely<any>;
  publicStorage: StorageProvider;
  privateStorage: StorageProvider;
  mail: MailProvider;
}

export interface Readiness {
  ready: boolean;
  parts: Record<ReadyPart, PartState>;
  /** Why a part is down, for the log only: addresses and driver messages do not go out in the answer. */
  causes: Partial<Record<ReadyPart, unknown>>;
}

class NotCheckable extends Error {}

/**
 * Asks every part at once, each with its own deadline, so the answer takes at most about READY_CHECK_TIMEOUT_MS
 * whatever hangs. Payments are not asked: Stripe is a remote service shared by every instance, so taking an
 * instance out of the balancer would not help when it is down, and checkout reports its own failures to the buyer.
 */
export async function checkReadiness(parts: ReadyParts): Promise<Readiness> {
  const checks: Record<ReadyPart, (signal: AbortSignal) => Promise<unknown>> = {
    database: () => sql`select 1`.execute(parts.db),
    publicStorage: (signal) => storageReady(parts.publicStorage, signal),
    privateStorage: (signal) => storageReady(parts.privateStorage, signal),
    mail: () => {
      if (!parts.mail.ready) throw new NotCheckable('the mail provider cannot be checked');
      return parts.mail.ready();
    },
  };
  const outcomes = await Promise.all(READY_PARTS.map((part) => withDeadline(checks[part], READY_CHECK_TIMEOUT_MS)));
  const readiness: Readiness = { ready: true, parts: {} as Record<ReadyPart, PartState>, causes: {} };
  READY_PARTS.forEach((part, index) => {
    const outcome = outcomes[index] as Outcome;
    readiness.parts[part] = outcome.state;
    if (outcome.state !== 'ok') {
      readiness.ready = false;
      readiness.causes[part] = outcome.cause;
    }
  });
  return readiness;
}

/** "Not ready: public storage unreachable, mail timed out" — names every part that is down. */
export function notReadyMessage(readiness: Readiness): string {
  const down = READY_PARTS.filter((part) => readiness.parts[part] !== 'ok').map(
    (part) => `${LABELS[part]} ${readiness.parts[part]}`,
  );
  return `Not ready: ${down.join(', ')}`;
}

function storageReady(store: StorageProvider, signal: AbortSignal): Promise<void> {
  if (!store.ready) throw new NotCheckable('the storage provider cannot be checked');
  return store.ready(signal);
}

interface Outcome {
  state: PartState;
  cause?: unknown;
}

async function withDeadline(check: (signal: AbortSignal) => Promise<unknown>, timeoutMs: number): Promise<Outcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ state: 'timed out', cause: new Error(`no answer within ${timeoutMs} ms`) });
    }, timeoutMs);
  });
  const answer = (async (): Promise<Outcome> => {
    try {
      await check(controller.signal);
      return { state: 'ok' };
    } catch (error) {
      return { state: error instanceof NotCheckable ? 'not checkable' : 'unreachable', cause: error };
    }
  })();
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

// Idempotency-Key as Stripe honours it: the same key and body replays the first answer, the same key with another
// body is an idempotency_error.
import type { Answer } from './router';

/** Stripe keeps the answer to an idempotent request once the endpoint has run (a success or a decline), not a refused request. */
function isKeptForReplay(answer: Answer): boolean {
  return answer.status === 200 || answer.status === 402;
}

export interface KeptAnswer extends Answer {
  request: string;
}

export function idempotentAnswer(
  kept: Map<string, KeptAnswer>,
  key: string,
  request: string,
  run: () => Answer,
): Answer & { replayed: boolean } {
  const previous = kept.get(key);
  if (previous && previous.request !== request) {
    const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
    return { status: 400, body: { error: { type: 'idempotency_error', message } }, replayed: false };
  }
  if (previous) return { status: previous.status, body: previous.body, replayed: true };
  const answer = run();
  if (isKeptForReplay(answer)) kept.set(key, { ...answer, request });
  return { ...answer, replayed: false };
}

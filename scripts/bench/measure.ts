import type { FastifyInstance } from 'fastify';
import type { Scenario } from './scenarios';

export interface Timing {
  variant: string;
  ms: number;
}

export interface MeasureOptions {
  warmUp: number;
  requests: number;
}

async function timeRequest(app: FastifyInstance, url: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url });
  const elapsed = performance.now() - started;
  // A fast error page would flatter the figures: every request must be a real answer.
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  return elapsed;
}

/**
 * Sends the scenario's requests one after another, as app.inject does without a network in between, so the
 * time is the server's alone: routing, validation, the queries and the serialisation of the answer.
 * Warm-up requests fill caches and let V8 compile the hot paths; they are not counted.
 */
export async function measureScenario(app: FastifyInstance, scenario: Scenario, options: MeasureOptions): Promise<Timing[]> {
  for (let i = 0; i < options.warmUp; i++) await timeRequest(app, scenario.request(i).url);
  const timings: Timing[] = [];
  for (let i = 0; i < options.requests; i++) {
    const { url, variant } = scenario.request(i);
    timings.push({ variant, ms: await timeRequest(app, url) });
  }
  return timings;
}

/** Nearest-rank percentile: the smallest value that p per cent of the samples do not exceed. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

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

async function timeRequests(app: FastifyInstance, urls: string[]): Promise<number> {
  const started = performance.now();
  const responses = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
  const elapsed = performance.now() - started;
  // A fast error page would flatter the figures: every request must be a real answer.
  responses.forEach((response, index) => {
    if (response.statusCode !== 200)
      throw new Error(`${urls[index]} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  });
  return elapsed;
}

/**
 * Sends the scenario's requests one after another (a request of several URLs sends those at once), through
 * app.inject without a network in between, so the time is the server's alone: routing, validation, the queries and the serialisation of the answer.
 * Warm-up requests fill caches and let V8 compile the hot paths; they are not counted.
 */
export async function measureScenario(
  app: FastifyInstance,
  scenario: Scenario,
  options: MeasureOptions,
): Promise<Timing[]> {
  for (let i = 0; i < options.warmUp; i++) await timeRequests(app, scenario.request(i).urls);
  const timings: Timing[] = [];
  for (let i = 0; i < options.requests; i++) {
    const { urls, variant } = scenario.request(i);
    timings.push({ variant, ms: await timeRequests(app, urls) });
  }
  return timings;
}

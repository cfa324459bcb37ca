// What a scenario gets (the running cluster) and gives back (its figures), and the line the report prints.
import type { ReceivedMail } from '../../test-support/smtp-test-server';
import type { StripeProtocolServer } from '../../test-support/stripe-protocol-server';
import type { ClusterS3 } from './s3';
import type { StoreInstance } from './store-instance';
import type { Account } from './store-steps';

export interface Cluster {
  /** nginx's origin, the address customers use (PUBLIC_URL). */
  balancer: string;
  instances: [StoreInstance, StoreInstance];
  stripe: StripeProtocolServer;
  mail: ReceivedMail[];
  /** The SMTP server, to take down and bring back on its port (what it received stays in `mail`). */
  smtp: { stop(): Promise<void>; start(): Promise<void> };
  s3: ClusterS3;
  owner: Account;
  /** STRIPE_WEBHOOK_SECRET of both instances: the harness signs the events it delivers as Stripe would. */
  webhookSecret: string;
  /** The instances' DATABASE_URL (the run's schema on the search path), for checks the API cannot make. */
  databaseUrl: string;
  /** Starts instance `index` again as it was first started (port, environment, log), once it has exited; resolves when ready. */
  restartInstance(index: 0 | 1): Promise<StoreInstance>;
}

export interface Scenario {
  name: string;
  /** Pushes its figures as it goes, so a failure still shows how far it got; throws on a failed check. */
  run(cluster: Cluster, figures: string[]): Promise<void>;
}

export interface ScenarioResult {
  name: string;
  passed: boolean;
  figures: string[];
  error?: string;
}

export async function runScenario(scenario: Scenario, cluster: Cluster): Promise<ScenarioResult> {
  const figures: string[] = [];
  try {
    await scenario.run(cluster, figures);
    return { name: scenario.name, passed: true, figures };
  } catch (error) {
    return {
      name: scenario.name,
      passed: false,
      figures,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export function reportLine(result: ScenarioResult): string {
  const figures = result.figures.join('; ');
  const failure = result.error ? ` — FAILED: ${result.error}` : '';
  return `${result.passed ? 'PASS' : 'FAIL'} ${result.name}: ${figures}${failure}`;
}

export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

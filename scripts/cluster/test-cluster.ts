// npm run test:cluster: the store as a shop runs it, on this machine — PostgreSQL (the local
// cluster .ci/run starts; a fresh schema per run), an S3-protocol server (s3rver), the loopback Stripe-protocol
// server, an SMTP server (smtp-server), two instances built and started as `npm start` runs them, and nginx in
// front of them, round robin — then the scenarios, one line each with its figures, and "N passed, N failed".
// Everything listens on 127.0.0.1, and everything is stopped and its scratch folder removed at the end, also when
// a step fails or on Ctrl-C. Exit code 1 when a scenario failed (2 when the cluster could not start).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IRISH_SELLER } from '../../test-support/tax-settings';
import { startViesTestServer } from '../../test-support/vies-test-server';
import { freePort } from '../benchmarks/shared/launch-store';
import { cleanUp, cleanUpOnSignals, isCleaningUp, onCleanup } from './cleanup';
import { createClusterDatabase } from './database';
import { startSmtp } from './mail';
import { startNginx } from './nginx';
import { startS3 } from './s3';
import { reportLine, runScenario, type Cluster, type ScenarioResult } from './scenario';
import { broadcastKill } from './scenarios/broadcast-kill';
import { bulkUploadAcross } from './scenarios/bulk-upload-across';
import { databaseRestart } from './scenarios/database-restart';
import { gracefulStop } from './scenarios/graceful-stop';
import { invoiceNumbers } from './scenarios/invoice-numbers';
import { killMidCheckout } from './scenarios/kill-mid-checkout';
import { loadWithWrites } from './scenarios/load-with-writes';
import { mailServerStopped } from './scenarios/mail-server-stopped';
import { printPack } from './scenarios/print-pack';
import { webhookStorm } from './scenarios/webhook-storm';
import { sharedState } from './scenarios/shared-state';
import { storageStopped } from './scenarios/storage-stopped';
import { startStoreInstance } from './store-instance';
import { startStripe } from './stripe';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** The role and database .ci/run makes; TEST_DATABASE_URL names another. */
const DEFAULT_DATABASE_URL = 'postgres://store_test:store_test@127.0.0.1:5432/store_test';
/** Graceful stop stops instance A for good, so it runs last. */
const SCENARIOS = [
  sharedState,
  loadWithWrites,
  killMidCheckout,
  printPack,
  bulkUploadAcross,
  webhookStorm,
  invoiceNumbers,
  databaseRestart,
  storageStopped,
  mailServerStopped,
  broadcastKill,
  gracefulStop,
];
/** `npm run test:cluster -- storm load`: only the scenarios whose names hold one of these words (for working on one). */
const chosen = process.argv.slice(2).map((word) => word.toLowerCase());
const scenariosToRun =
  chosen.length === 0 ? SCENARIOS : SCENARIOS.filter((s) => chosen.some((word) => s.name.toLowerCase().includes(word)));

const step = (text: string) => console.log(`· ${text}`);

async function startCluster(scratch: string): Promise<Cluster> {
  // The store's build, made again only when its sources changed since: after `npm test` (CI's order) it is fresh.
  step('build the store if stale');
  execFileSync('node', ['scripts/build/build-if-stale.js'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const database = await createClusterDatabase(process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL);
  onCleanup('PostgreSQL schema', () => database.drop());
  step(`PostgreSQL: schema ${database.schema}`);

  const s3 = await startS3(path.join(scratch, 's3'));
  onCleanup('s3rver', () => s3.stop());
  const smtp = await startSmtp();
  onCleanup('SMTP server', () => smtp.stop());
  const stripe = await startStripe();
  onCleanup('Stripe-protocol server', () => stripe.server.close());
  // The instances run in production, where an unset VIES_URL means the EU's own service: they ask a loopback one.
  const vies = await startViesTestServer({ valid: [] });
  onCleanup('VIES test server', () => vies.close());
  step(`s3rver ${s3.endpoint}, SMTP ${smtp.url}, Stripe ${stripe.env.STRIPE_API_URL}, VIES ${vies.url}`);

  const [balancerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const balancer = `http://127.0.0.1:${balancerPort}`;
  const owner = { email: 'owner@cluster.example.com', password: 'cluster owner password' };
  const env = {
    DATABASE_URL: database.url,
    ...s3.env,
    ...stripe.env,
    // Pooled, as decision 0076 advises for list mail: a kept connection hands over a message in about 10 ms, not
    // 100, so a broadcast at 6,000 a minute keeps its pace.
    SMTP_URL: `${smtp.url}?pool=true`,
    // A dead instance's broadcast waits this long for the other (60 s by default): the broadcast scenario's wait.
    BROADCAST_LEASE_SECONDS: '10',
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    PUBLIC_URL: balancer,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    // VAT as an EU seller under the One-Stop Shop: the invoice scenario's German buyers pay 19 %. Only buyers who
    // give a billing country are taxed, and the other scenarios' give none, so their orders carry no tax.
    TAX_REGISTRATIONS: 'eu',
    ...IRISH_SELLER,
    VIES_URL: vies.url,
  };
  const optionsOf = (name: 'A' | 'B', port: number) => {
    const dataDir = path.join(scratch, `data-${name}`);
    // A temporary folder of its own: what an instance leaves there (a killed one's print-pack scratch) is its own,
    // and goes with the run's scratch folder.
    const tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(tmpDir, { recursive: true });
    return {
      name,
      projectRoot: PROJECT_ROOT,
      port,
      logFile: path.join(scratch, `store-${name}.log`),
      env: { ...env, DATA_DIR: dataDir, TMPDIR: tmpDir },
    };
  };
  const launch = async (name: 'A' | 'B', port: number) => {
    const instance = await startStoreInstance(optionsOf(name, port));
    onCleanup(`instance ${name}`, () => instance.stop());
    return instance;
  };
  // One after the other: the first applies the migrations and makes the owner's account, the second finds them.
  const a = await launch('A', portA);
  step(`instance A ready on ${a.origin}`);
  const b = await launch('B', portB);
  step(`instance B ready on ${b.origin}`);

  const nginx = await startNginx({
    deployConf: path.join(PROJECT_ROOT, 'deploy/nginx.conf'),
    prefix: path.join(scratch, 'nginx'),
    port: balancerPort,
    upstreams: [portA, portB],
  });
  onCleanup('nginx', () => nginx.stop());
  step(`nginx ${nginx.origin} → A :${portA}, B :${portB}`);

  const cluster: Cluster = {
    balancer,
    instances: [a, b],
    stripe: stripe.server,
    mail: smtp.received,
    smtp,
    s3,
    owner,
    webhookSecret: stripe.env.STRIPE_WEBHOOK_SECRET ?? '',
    databaseUrl: database.url,
    async restartInstance(index) {
      const old = cluster.instances[index];
      if (old.isRunning()) throw new Error(`instance ${old.name} is still running`);
      const instance = await launch(old.name === 'A' ? 'A' : 'B', old.port);
      cluster.instances[index] = instance;
      return instance;
    },
  };
  return cluster;
}

async function main(): Promise<number> {
  cleanUpOnSignals();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cluster-'));
  // CLUSTER_KEEP_SCRATCH=1 keeps the instances' and nginx's logs to read after a failure.
  if (process.env.CLUSTER_KEEP_SCRATCH) console.log(`· scratch folder ${scratch} (kept)`);
  else onCleanup('scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
  let cluster: Cluster;
  try {
    cluster = await startCluster(scratch);
  } catch (error) {
    console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  const results: ScenarioResult[] = [];
  for (const scenario of scenariosToRun) {
    const result = await runScenario(scenario, cluster);
    // Interrupted: the clean-up is stopping the cluster under the scenario, so its result means nothing.
    if (isCleaningUp()) return 130;
    results.push(result);
    console.log(reportLine(result));
  }
  const failed = results.filter((result) => !result.passed).length;
  if (failed > 0) {
    // The instances' logs go with the scratch folder: their ends are what explains a failure.
    for (const instance of cluster.instances)
      console.error(`\n--- end of instance ${instance.name}'s log ---\n${instance.logTail()}`);
  }
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

void main()
  .catch((error: unknown) => {
    console.error(error);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });

// "print pack across instances": (a) the owner puts a large master on A; whichever instance claims the pack makes it;
// a customer buys the artwork and downloads every ratio's file and the ZIP through B, each file checked as a print
// file. (b) The instance making a larger master's pack is killed by SIGKILL while it cuts: its claim (30 s, renewed
// every 10 s) lapses and the other instance makes the pack, one generation, every file ready; the cutting child must
// not outlive its instance for long. The killed instance is started again, so the scenarios after this one have both.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signalGroup } from '../../benchmarks/shared/process-group';
import { call } from '../../benchmarks/shared/store-http';
import type { RatioId } from '../../../src/shared/prints/print-sizes';
import { downloadBoughtPack } from '../buyer-pack';
import { childrenOf, isAlive } from '../../benchmarks/shared/process-tree';
import { clientAddress, newCustomers } from '../customers';
import { createPackArtwork } from '../pack-artwork';
import { packWatcher, pidOfClaim, type PackFacts } from '../pack-rows';
import { checkPrintFile } from '../print-file-check';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import type { StoreInstance } from '../store-instance';
import { payAndConfirm, signIn, startCheckout } from '../store-steps';

/** (a)'s master: 29 MP, more than the 1200 × 1500 px an upload needs, quick to draw and to cut. */
const BOUGHT_MASTER = { width: 4800, height: 6000 };
/** (b)'s: 78 MP with grain, whose cutting takes seconds: long enough to be caught in the middle of it. */
const KILLED_MASTER = { width: 7200, height: 10800 };
const POLL_MS = 50;
/** Where the private store keeps its keys in the bucket (create-storage.ts). */
const PRIVATE_PREFIX = 'private/';
const PACK_LIMIT_MS = 60_000;
/** The claim lapses 20–30 s after the kill (it was renewed at most 10 s before), then the pack is made again. */
const TAKEOVER_LIMIT_MS = 90_000;
/** The cutting child sees its parent's channel close and ends; what it was encoding may finish first. */
const ORPHAN_LIMIT_MS = 10_000;

type Watcher = Awaited<ReturnType<typeof packWatcher>>;

const instanceOfClaim = (cluster: Cluster, claimedBy: string | null) => {
  const pid = claimedBy ? pidOfClaim(claimedBy) : null;
  return cluster.instances.find((instance) => instance.pid === pid);
};

/** Polls the newest generation until `done` says so or `limitMs` passes; `seen` is told of every look. */
async function watchPack(
  watcher: Watcher,
  artworkId: number,
  limitMs: number,
  done: (facts: PackFacts) => boolean,
  seen: (facts: PackFacts) => void = () => {},
): Promise<PackFacts> {
  const until = performance.now() + limitMs;
  for (;;) {
    const facts = await watcher.facts(artworkId);
    seen(facts);
    if (done(facts) || performance.now() > until) return facts;
    await sleep(POLL_MS);
  }
}

/** Bytes under a folder, in MB. */
function folderMb(folder: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes / 1024 / 1024;
}

const readyFiles = (facts: PackFacts) => facts.files.filter((file) => file.status === 'ready').length;
const isMade = (facts: PackFacts) => facts.status === 'ready' || facts.status === 'failed';

export const printPack: Scenario = {
  name: 'print pack across instances',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const watcher = await packWatcher(cluster.databaseUrl);
    try {
      const owner = await signIn(a.origin, cluster.owner, clientAddress());
      await boughtPack(cluster, watcher, owner.cookie, figures);
      await killedMidPack(cluster, watcher, owner.cookie, figures);
    } finally {
      await watcher.close();
    }
  },
};

/** (a): made by whichever instance claims it, bought and downloaded through B. */
async function boughtPack(cluster: Cluster, watcher: Watcher, ownerCookie: string, figures: string[]) {
  const [a, b] = cluster.instances;
  const artwork = await createPackArtwork(a.origin, ownerCookie, BOUGHT_MASTER, 'pack');
  // The customer signs up and pays on B while the pack is being made.
  const buying = (async () => {
    const [customer] = await newCustomers(b.origin, cluster.mail, 1, 'pack');
    if (!customer) throw new Error('no customer');
    const checkout = await startCheckout(b.origin, customer.cookie, customer.account.email, artwork.id);
    const paid = await payAndConfirm(b.origin, cluster.stripe, customer.cookie, checkout.paymentIntentId);
    check(paid.body.status === 'paid', `the order is ${paid.body.status}, not paid`);
    return { cookie: customer.cookie, orderNumber: checkout.orderNumber };
  })();
  const makers = new Set<string>();
  const made = await watchPack(watcher, artwork.id, PACK_LIMIT_MS, isMade, (facts) => {
    const maker = instanceOfClaim(cluster, facts.claimedBy);
    if (maker) makers.add(maker.name);
  });
  const packMs = performance.now() - artwork.createdAt;
  figures.push(
    `(a) ${BOUGHT_MASTER.width} × ${BOUGHT_MASTER.height} master (${(artwork.masterBytes / 1e6).toFixed(1)} MB JPEG, drawn in ${seconds(artwork.drawMs)}) uploaded to A in ${seconds(artwork.uploadMs)}; pack ${made.status} ${seconds(packMs)} after the artwork was created, made by ${[...makers].join(', ') || 'an instance not seen at work'}`,
  );
  check(
    made.status === 'ready' && readyFiles(made) === 6,
    `the pack is ${made.status} with ${readyFiles(made)}/6 files`,
  );
  const buyer = await buying;
  figures.push(...(await downloadBoughtPack(b, buyer.cookie, buyer.orderNumber, BOUGHT_MASTER)));
}

/** (b): the instance cutting the pack killed; the other takes it over once the claim lapses. */
async function killedMidPack(cluster: Cluster, watcher: Watcher, ownerCookie: string, figures: string[]) {
  const artwork = await createPackArtwork(cluster.instances[0].origin, ownerCookie, KILLED_MASTER, 'pack-kill');
  // Caught cutting: claimed, 'making', and the claimant's cutting child started.
  const at: { victim?: StoreInstance; cutter?: number } = {};
  const caught = await watchPack(watcher, artwork.id, PACK_LIMIT_MS, (facts) => {
    at.victim = facts.status === 'making' ? instanceOfClaim(cluster, facts.claimedBy) : undefined;
    at.cutter = at.victim ? childrenOf(at.victim.pid)[0] : undefined;
    return at.cutter !== undefined || isMade(facts);
  });
  const { victim: killed, cutter: cutting } = at;
  if (!killed || cutting === undefined)
    throw new Error(`the pack was ${caught.status} (claimed by ${caught.claimedBy}) before its cutting was caught`);
  const index = cluster.instances.indexOf(killed) as 0 | 1;
  const survivor = cluster.instances[index === 0 ? 1 : 0];
  const caughtMs = performance.now() - artwork.createdAt;
  // The node process alone, as the kernel's OOM killer or `kill -9 <pid>` does: its process group (the cutting
  // child with it) is what the harness's own stop would signal, and would hide whether the child ends by itself.
  process.kill(killed.pid, 'SIGKILL');
  const killedAt = performance.now();
  let failure: Error | null = null;
  try {
    await killed.exited;
    figures.push(
      `(b) ${KILLED_MASTER.width} × ${KILLED_MASTER.height} master (${(artwork.masterBytes / 1e6).toFixed(1)} MB); ${killed.name} caught cutting ${seconds(caughtMs)} after the artwork was created, ${readyFiles(caught)}/6 files ready: kill -9 of its node process`,
    );
    await checkOrphan(killed, cutting, killedAt, figures);
    await checkTakeover(cluster, watcher, artwork.id, survivor, killedAt, figures);
    // Not a failure: what the dead worker's clean-up never got to (its `finally` died with it), for the record.
    figures.push(`left in ${killed.name}'s TMPDIR by the kill: ${folderMb(killed.tmpDir).toFixed(0)} MB`);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  // Whatever the checks found, the instance is started again for the scenarios after this one.
  const restartAt = performance.now();
  const restarted = await cluster.restartInstance(index);
  const ready = await call(restarted.origin, 'GET', '/api/ready', { headers: clientAddress() });
  figures.push(`${killed.name} restarted: ready in ${seconds(performance.now() - restartAt)}`);
  if (failure) throw failure;
  check(ready.status === 200, `the restarted ${killed.name}'s /api/ready answered ${ready.status}`);
}

/** The cutting child, its parent gone, must end within ORPHAN_LIMIT_MS; if not, it is killed and the check fails. */
async function checkOrphan(killed: StoreInstance, cutting: number, killedAt: number, figures: string[]) {
  while (isAlive(cutting) && performance.now() - killedAt < ORPHAN_LIMIT_MS) await sleep(POLL_MS);
  const orphaned = isAlive(cutting);
  if (orphaned) signalGroup(killed.pid, 'SIGKILL');
  figures.push(
    orphaned
      ? `its cutting child ${cutting} still ran ${ORPHAN_LIMIT_MS / 1000} s later (killed with the group)`
      : `its cutting child ended by itself ${seconds(performance.now() - killedAt)} after the kill`,
  );
  check(!orphaned, `the cutting child outlived its instance by more than ${ORPHAN_LIMIT_MS / 1000} s`);
}

/** The survivor claims the pack once the claim lapses and makes it: one generation, six files ready and right. */
async function checkTakeover(
  cluster: Cluster,
  watcher: Watcher,
  artworkId: number,
  survivor: StoreInstance,
  killedAt: number,
  figures: string[],
) {
  const taken: { at?: number } = {};
  const made = await watchPack(watcher, artworkId, TAKEOVER_LIMIT_MS, isMade, (facts) => {
    if (taken.at === undefined && instanceOfClaim(cluster, facts.claimedBy) === survivor) taken.at = performance.now();
  });
  const madeMs = performance.now() - killedAt;
  figures.push(
    `${survivor.name} took the pack over ${taken.at === undefined ? '(not seen)' : seconds(taken.at - killedAt)} after the kill, ${made.status} ${seconds(madeMs)} after it; ${made.generations} generation(s), ${readyFiles(made)}/6 files ready`,
  );
  check(made.status === 'ready', `the pack is ${made.status} ${seconds(madeMs)} after the kill`);
  check(made.generations === 1, `${made.generations} generations of the pack, not 1`);
  check(readyFiles(made) === 6 && made.files.length === 6, `${readyFiles(made)}/${made.files.length} files ready`);

  // Every file as stored, read straight from the bucket.
  const problems: string[] = [];
  for (const file of made.files) {
    if (!file.fileKey) problems.push(`${file.ratio}: no file`);
    else
      problems.push(
        ...(
          await checkPrintFile(
            await cluster.s3.read(PRIVATE_PREFIX + file.fileKey),
            file.ratio as RatioId,
            KILLED_MASTER,
          )
        ).problems,
      );
  }
  figures.push(
    `6 files read back from S3: ${problems.length === 0 ? 'all print files of their ratio at 300 DPI' : problems.join('; ')}`,
  );
  check(problems.length === 0, problems.join('; '));
}

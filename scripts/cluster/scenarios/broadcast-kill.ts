// "broadcast to 10,000, kill -9 halfway": the owner sends a broadcast to 10,000 confirmed `news` subscribers at the
// highest rate the store allows; when the SMTP server has about half, the instance holding the broadcast's claim
// dies by SIGKILL. The other instance takes the broadcast once the dead claim runs out (BROADCAST_LEASE_SECONDS,
// short in this cluster) and finishes it. Each address must reach the SMTP server at most once, every address is
// either received or listed unknown on the owner's page, and the unknowns are at most one batch. Then the killed
// instance is started again on its port, as the later scenarios want both.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BroadcastDetail } from '../../../src/shared/mailing/broadcast-schema';
import { BROADCAST_LIMITS, paceOf } from '../../../src/shared/mailing/broadcasts';
import { expect } from '../../benchmarks/shared/store-http';
import { broadcastClaim, insertNewsSubscribers } from '../broadcast-rows';
import { clientAddress } from '../customers';
import { rejoin } from '../rejoin';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import { signIn } from '../store-steps';

const SUBSCRIBERS = 10_000;
const RATE = BROADCAST_LIMITS.maxRate;
/** At 6,000 a minute the whole list takes 100 s; with the lease's wait and a slow machine, well within this. */
const DONE_WITHIN_MS = 240_000;

export const broadcastKill: Scenario = {
  name: 'broadcast to 10,000, kill -9 halfway',
  async run(cluster: Cluster, figures: string[]) {
    check(
      cluster.instances.every((instance) => instance.isRunning()),
      'both instances must be running at the start',
    );
    const tag = randomBytes(3).toString('hex');
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `fan-${tag}-${i}@example.com`);
    const inserted = await insertNewsSubscribers(cluster.databaseUrl, emails);
    check(inserted === SUBSCRIBERS, `inserted ${inserted} subscribers, not ${SUBSCRIBERS}`);

    const subject = `Cluster broadcast ${tag}`;
    const addresses = new Set(emails);
    // What the SMTP server took of this broadcast, by address (other scenarios' mail shares the server).
    const receivedPerAddress = () => {
      const counts = new Map<string, number>();
      for (const mail of cluster.mail) {
        if (mail.mail.subject !== subject) continue;
        for (const to of mail.envelopeTo) if (addresses.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    };
    const receivedCount = () => cluster.mail.filter((mail) => mail.mail.subject === subject).length;

    const { cookie } = await signIn(cluster.balancer, cluster.owner, clientAddress());
    const created = await expect<BroadcastDetail>(201, cluster.balancer, 'POST', '/api/admin/broadcasts', {
      cookie,
      body: { subject, bodyMarkdown: 'New prints for **spring**.' },
    });
    const id = created.body.id;
    const started = performance.now();
    await expect(200, cluster.balancer, 'POST', `/api/admin/broadcasts/${id}/send`, {
      cookie,
      body: { ratePerMinute: RATE },
    });

    // About half at the SMTP server, then the instance whose claim it is dies.
    while (receivedCount() < SUBSCRIBERS / 2) {
      if (performance.now() - started > DONE_WITHIN_MS) throw new Error(`only ${receivedCount()} received so far`);
      await sleep(20);
    }
    let claim = await broadcastClaim(cluster.databaseUrl, id);
    while (!claim.live || claim.pid === null) {
      await sleep(10);
      claim = await broadcastClaim(cluster.databaseUrl, id);
    }
    const index = cluster.instances.findIndex((instance) => instance.pid === claim.pid);
    const victim = cluster.instances[index];
    if (!victim) throw new Error(`no instance has pid ${claim.pid} (${claim.worker})`);
    victim.signal('SIGKILL');
    const killedAt = performance.now();
    const exit = await victim.exited;
    const atKill = receivedCount();
    const sendingIndex = index as 0 | 1;

    let failure: Error | null = null;
    try {
      // The claim it held when it died is still its own: no other instance took the broadcast under it.
      const after = await broadcastClaim(cluster.databaseUrl, id);
      figures.push(
        `instance ${victim.name} killed (${exit.signal ?? exit.code}) at ${atKill} received, ${seconds(killedAt - started)} in; its claim ${after.worker === claim.worker ? 'still held' : `now ${after.worker ?? 'none'}`}`,
      );
      check(exit.signal === 'SIGKILL', `${victim.name} exited with ${exit.code ?? exit.signal}, not by SIGKILL`);
      check(after.worker === claim.worker, `the claim moved to ${after.worker} before the kill took effect`);
      await checkOutcome(
        cluster,
        { id, cookie, killedAt, atKill, started, subject, addresses, receivedPerAddress },
        figures,
      );
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    // Whatever the checks found, the killed instance comes back and serves, so the later scenarios have both.
    await rejoin(cluster, sendingIndex, killedAt, figures);
    if (failure) throw failure;
  },
};

interface Killed {
  id: number;
  cookie: string;
  killedAt: number;
  atKill: number;
  started: number;
  subject: string;
  addresses: Set<string>;
  receivedPerAddress: () => Map<string, number>;
}

async function checkOutcome(cluster: Cluster, killed: Killed, figures: string[]): Promise<void> {
  const { id, cookie, started } = killed;
  // When the survivor's first message after the kill arrives: the lease's wait.
  const subjectCount = () => cluster.mail.filter((mail) => mail.mail.subject === killed.subject).length;
  let resumedMs: number | null = null;
  let detail: BroadcastDetail | null = null;
  while (performance.now() - started < DONE_WITHIN_MS) {
    if (resumedMs === null && subjectCount() > killed.atKill) resumedMs = performance.now() - killed.killedAt;
    const answer = await expect<BroadcastDetail>(200, cluster.balancer, 'GET', `/api/admin/broadcasts/${id}`, {
      cookie,
    });
    if (answer.body.status === 'done') {
      detail = answer.body;
      break;
    }
    await sleep(500);
  }
  const doneMs = performance.now() - started;
  check(detail !== null, `the broadcast was not done within ${DONE_WITHIN_MS / 1000} s`);
  if (!detail) return;
  // A message handed over just before `done` is written reaches the SMTP server's list a moment later.
  await sleep(500);

  const perAddress = killed.receivedPerAddress();
  const received = perAddress.size;
  const duplicates = [...perAddress.values()].filter((n) => n > 1).length;
  const unknown = new Set(detail.unknown.map((row) => row.email));
  // The list may hold subscribers other scenarios made: this scenario answers for its own 10,000.
  const ownUnknown = [...unknown].filter((email) => killed.addresses.has(email));
  const accounted = received + ownUnknown.filter((email) => !perAddress.has(email)).length;
  const { batch } = paceOf(RATE);
  figures.push(
    `${SUBSCRIBERS} subscribers at ${RATE}/min: received ${received}, duplicates ${duplicates}, unknown ${detail.counts.unknown} (listed ${unknown.size}, batch ${batch}), sent ${detail.counts.sent}; resumed ${resumedMs === null ? 'never' : seconds(resumedMs)} after the kill; done in ${seconds(doneMs)}`,
  );
  check(duplicates === 0, `${duplicates} addresses received the broadcast more than once`);
  check(
    accounted === SUBSCRIBERS,
    `${SUBSCRIBERS - accounted} addresses neither received nor listed unknown (${SUBSCRIBERS - received} not received)`,
  );
  check(detail.counts.unknown <= batch, `${detail.counts.unknown} unknown, more than a batch of ${batch}`);
  check(detail.counts.unknown === unknown.size, `${detail.counts.unknown} unknown, ${unknown.size} listed`);
  check(
    detail.total >= SUBSCRIBERS && detail.counts.sent + detail.counts.unknown === detail.total,
    `counts ${JSON.stringify(detail.counts)} do not add up to the ${detail.total} recipients`,
  );
}

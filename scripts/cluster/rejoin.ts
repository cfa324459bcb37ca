import { setTimeout as sleep } from 'node:timers/promises';
import { call } from '../benchmarks/shared/store-http';
import { clientAddress } from './customers';
import { check, seconds, type Cluster } from './scenario';

/** nginx's fail_timeout (deploy/nginx.conf) is 10 s; a restarted instance must be back in rotation well within twice that. */
const REJOIN_LIMIT_MS = 25_000;

/**
 * A killed instance started again on its port: ready, then given requests by nginx once its fail_timeout is over.
 * A scenario that kills an instance ends with this, so the next scenario finds both serving: nginx still counted
 * the restarted one as failed for up to 10 s, and graceful stop, stopping the other, got 502s.
 */
export async function rejoin(cluster: Cluster, index: 0 | 1, killedAt: number, figures: string[]): Promise<void> {
  const name = cluster.instances[index].name;
  const address = `127.0.0.1:${cluster.instances[index].port}`;
  const restartAt = performance.now();
  const restarted = await cluster.restartInstance(index);
  const readyMs = performance.now() - restartAt;
  const ready = await call(restarted.origin, 'GET', '/api/ready', { headers: clientAddress() });
  let servedMs: number | null = null;
  while (performance.now() - restartAt < REJOIN_LIMIT_MS) {
    const answer = await call(cluster.balancer, 'GET', '/api/artworks?limit=1');
    if (answer.status === 200 && answer.upstream === address) {
      servedMs = performance.now() - restartAt;
      break;
    }
    await sleep(100);
  }
  figures.push(
    `${name} restarted ${seconds(restartAt - killedAt)} after the kill: ready in ${seconds(readyMs)}, serving through nginx after ${servedMs === null ? 'never' : seconds(servedMs)}`,
  );
  check(ready.status === 200, `${name}'s /api/ready answered ${ready.status}`);
  check(servedMs !== null, `nginx sent nothing to ${name} within ${REJOIN_LIMIT_MS / 1000} s of its restart`);
}

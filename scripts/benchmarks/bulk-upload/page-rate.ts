// Pages served per second by a server, asked by a few clients in a loop for as long as `running` says: the store's
// shop page, or a bare node:http server answering a body of the same size.
import http from 'node:http';

const CLIENTS = 8;

export async function pageRate(url: string, running: () => boolean): Promise<number> {
  let served = 0;
  const statuses = new Set<number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (running()) {
        const answer = await fetch(url, { headers: { Accept: 'text/html' } }).catch(() => null);
        if (answer?.ok) served++;
        else if (answer) statuses.add(answer.status);
        await answer?.arrayBuffer();
      }
    }),
  );
  if (served === 0) throw new Error(`${url} served no page (answers: ${[...statuses].join(', ') || 'none'})`);
  return served / ((performance.now() - started) / 1000);
}

/** A bare node server answering `body` to every request: what node alone serves on this machine now. */
export async function bareNode(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export const forMs = (ms: number) => {
  const until = Date.now() + ms;
  return () => Date.now() < until;
};

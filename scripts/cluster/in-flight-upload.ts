// An upload sent straight to one instance, with the moment its body has been handed over known, so a scenario
// can send SIGTERM while the instance is busy with it (reading the rest, making the renditions), not before.
import http from 'node:http';
import { multipart, type Part } from '../../test-support/multipart';

export interface InFlightUpload {
  /** Resolves once the whole body is written to the connection. */
  sent: Promise<void>;
  /** The answer: its status and when it came (performance.now()), or the error that ended it. */
  answered: Promise<{ status: number | string; at: number; body: string }>;
}

export function startUpload(port: number, cookie: string, kind: string, file: Part): InFlightUpload {
  const form = multipart([file]);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answered = new Promise<{ status: number | string; at: number; body: string }>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/uploads?kind=${kind}`,
        method: 'POST',
        // A connection of its own: not one the instance may close as idle when its stop begins.
        agent: false,
        headers: { ...form.headers, 'content-length': String(form.payload.length), cookie, accept: 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            at: performance.now(),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: error.code ?? error.message, at: performance.now(), body: '' }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? error.message, at: performance.now(), body: '' }),
    );
    request.on('finish', markSent);
    request.end(form.payload);
  });
  return { sent, answered };
}

/** A new connection to the instance (no pooled one): its status, or `refused` once it no longer listens. */
export function probeNewConnection(port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)),
    );
  });
}

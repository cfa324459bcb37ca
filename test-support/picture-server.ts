import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// The catalogue import tests' picture host: a real https server on this machine, with a certificate from the test
// CA (import-https/, trusted in the test processes through NODE_EXTRA_CA_CERTS). Stores admit it by name
// (IMPORT_FETCH_ALLOW_HOSTS=localhost, honoured only when NODE_ENV=test); 127.0.0.1 stays refused as loopback.

const folder = path.join(path.dirname(new URL(import.meta.url).pathname), 'import-https');
export const TEST_CA_FILE = path.join(folder, 'test-ca.pem');

export interface PictureServer {
  /** https://localhost:<port> */
  origin: string;
  port: number;
  /** Picture requests served, by path: a second import fetching nothing again shows here. */
  requests: string[];
  close(): Promise<void>;
}

/** A small JPEG whose colour follows from its name, so that every listing's picture differs. */
async function pictureFor(name: string, width: number, height: number): Promise<Buffer> {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const background = { r: hash & 0xff, g: (hash >> 8) & 0xff, b: (hash >> 16) & 0xff };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Paths: /pictures/<name>.jpg (a 400 × 500 JPEG; ?w=&h= for another size), /redirect?to=<address> (302),
 * /slow (answers nothing), /big (streams bytes without end), /text.jpg (not a picture), /missing.jpg (404).
 */
export async function startPictureServer(): Promise<PictureServer> {
  const requests: string[] = [];
  const server = https.createServer(
    {
      key: fs.readFileSync(path.join(folder, 'localhost-key.pem')),
      cert: fs.readFileSync(path.join(folder, 'localhost-cert.pem')),
    },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://localhost');
      requests.push(url.pathname);
      if (url.pathname.startsWith('/pictures/')) {
        const width = Number(url.searchParams.get('w') ?? 400);
        const height = Number(url.searchParams.get('h') ?? 500);
        void pictureFor(url.pathname, width, height).then((jpeg) => {
          response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
          response.end(jpeg);
        });
      } else if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        response.end();
      } else if (url.pathname === '/slow') {
        // Never answers: the fetch's deadline must end it.
      } else if (url.pathname === '/big') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (response.write(chunk));
          response.once('drain', pump);
        };
        response.once('close', () => response.removeAllListeners('drain'));
        pump();
      } else if (url.pathname === '/text.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end('this is not a picture at all, whatever its name says');
      } else {
        response.writeHead(404);
        response.end();
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

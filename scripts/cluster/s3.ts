// The S3-protocol server the instances share (s3rver, as the storage tests use it), on a free loopback port,
// keeping its objects in a folder of the run's scratch directory. `stop()` takes it down as an outage would (open
// connections cut, new ones refused) and `start()` brings it back on the same port with the same objects.
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { withListParts } from '../../test-support/s3-list-parts';

export const S3_BUCKET = 'art';
/** s3rver accepts these and only these credentials. */
const S3_KEY = 'S3RVER';

export interface ClusterS3 {
  endpoint: string;
  /** The S3_* variables every instance gets. */
  env: Record<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server as soon as it has answered a PUT of an object whose key `matches`: an outage mid-upload. */
  stopAfterPut(matches: (key: string) => boolean): Promise<string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** An object's bytes, read straight from the bucket (a check of what an instance stored). */
  read(key: string): Promise<Buffer>;
}

export async function startS3(directory: string): Promise<ClusterS3> {
  fs.mkdirSync(directory, { recursive: true });
  const create = (port: number) =>
    // With the ListParts s3rver lacks: tus's S3 store asks it on every request of a bulk upload after the first.
    withListParts(
      new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] }),
    );
  let server: S3rver | null = create(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  const httpServer = (running: S3rver) => (running as unknown as { httpServer: Server }).httpServer;
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    // The instances' kept-alive connections would hold the close, and go on working: cut them, as a crash does.
    httpServer(running).closeAllConnections();
    await closed;
  };
  return {
    endpoint,
    env: {
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
    },
    stop,
    stopAfterPut(matches) {
      const running = server;
      if (!running) return Promise.reject(new Error('the S3 server is not running'));
      return new Promise((resolve) => {
        const watch = (request: IncomingMessage, response: ServerResponse) => {
          const key = decodeURIComponent(new URL(request.url ?? '/', endpoint).pathname).replace(`/${S3_BUCKET}/`, '');
          if (request.method !== 'PUT' || !matches(key)) return;
          httpServer(running).off('request', watch);
          response.once('finish', () => void stop().then(() => resolve(key)));
        };
        httpServer(running).on('request', watch);
      });
    },
    async start() {
      if (server) return;
      server = create(port);
      await server.run();
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async read(key) {
      const object = await client
        .send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }))
        .catch((error: unknown) => {
          throw new Error(`reading ${key} from the bucket: ${error instanceof Error ? error.message : String(error)}`);
        });
      if (!object.Body) throw new Error(`the bucket has no object ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
  };
}

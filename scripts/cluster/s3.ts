// The S3-protocol server the instances share (s3rver, as the storage tests use it), on a free loopback port,
// keeping its objects in a folder of the run's scratch directory.
import fs from 'node:fs';
import S3rver from 's3rver';

export const S3_BUCKET = 'art';
/** s3rver accepts these and only these credentials. */
const S3_KEY = 'S3RVER';

export interface ClusterS3 {
  endpoint: string;
  /** The S3_* variables every instance gets. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(directory: string): Promise<ClusterS3> {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
    },
    stop: () => server.close(),
  };
}

import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { attachmentDisposition } from './attachment-disposition';
import type { DownloadLinkOptions, StorageProvider, StoredFile } from './storage-provider';
import { lazyPackage } from '../../lazy-package';

// The S3 SDK is loaded when a store keeps its files in S3, not at every start (lazy-package.ts says why).
const loadS3 = lazyPackage<typeof S3Sdk>('@aws-sdk/client-s3');
const loadPresigner = lazyPackage<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (endpoint/bucket/key), which MinIO, Ceph and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Where browsers fetch public files from (a CDN or the bucket's public address). */
  publicBaseUrl: string;
  /** Every key gets this prefix: '' for public files, 'private/' for full-resolution files. */
  prefix: string;
  /** Public files never change under a name, so they may be cached for a year. */
  cacheControl?: string;
  /** Prefixes of other stores in the same bucket, left out of `list` (the public store's '' holds 'private/'). */
  otherPrefixes?: string[];
}

export class S3Storage implements StorageProvider {
  private readonly client: S3Sdk.S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const { S3Client } = loadS3();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // The SDK's default adds a CRC32 to every PUT, which for a streamed body means aws-chunked encoding: not every
      // S3-compatible store takes it (s3rver stores the chunk framing as the file). Checksums only where an API
      // requires them; TLS and the content length already guard the transfer.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  private keyOf(key: string): string {
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (loadS3().PutObjectCommand)({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: body,
        ContentType: contentType,
        CacheControl: this.options.cacheControl,
      }),
    );
  }

  /**
   * One PUT with the file's length, its body read from disk as it is sent: S3 takes up to 5 GB so, and an object
   * appears whole or not at all. (A multipart upload would add calls and leave parts to clean up on failure.)
   */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new (loadS3().PutObjectCommand)({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: this.options.cacheControl,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.getStream(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(
        new (loadS3().GetObjectCommand)({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
      );
      // In Node the SDK's body is an http IncomingMessage: a Readable already.
      return object.Body instanceof Readable ? object.Body : Readable.from([]);
    } catch (error) {
      if (
        error instanceof loadS3().NoSuchKey ||
        (error instanceof loadS3().S3ServiceException && error.$metadata.httpStatusCode === 404)
      )
        return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    const skipped = this.options.otherPrefixes ?? [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (loadS3().ListObjectsV2Command)({
          Bucket: this.options.bucket,
          Prefix: this.options.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || skipped.some((prefix) => object.Key?.startsWith(prefix))) continue;
        yield { key: object.Key.slice(this.options.prefix.length), bytes: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new (loadS3().HeadObjectCommand)({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (error instanceof loadS3().S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (loadS3().DeleteObjectCommand)({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  /**
   * HeadBucket: the cheapest call that proves the store answers, the bucket exists and the credentials reach it.
   * The signal cancels the request itself, so a store that never answers leaves no request behind.
   */
  async ready(signal: AbortSignal): Promise<void> {
    await this.client.send(new (loadS3().HeadBucketCommand)({ Bucket: this.options.bucket }), { abortSignal: signal });
  }

  publicUrl(key: string): string {
    return `${this.options.publicBaseUrl.replace(/\/+$/, '')}/${this.keyOf(key)}`;
  }

  /**
   * A presigned GET: the store itself sends the file, as an attachment under `fileName` (the response-content-*
   * overrides are part of what is signed, so they cannot be changed), until the link expires (at most 7 days).
   */
  async signedDownloadUrl(
    key: string,
    { fileName, contentType, expiresInSeconds }: DownloadLinkOptions,
  ): Promise<string> {
    const command = new (loadS3().GetObjectCommand)({
      Bucket: this.options.bucket,
      Key: this.keyOf(key),
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: contentType,
      ResponseCacheControl: 'private, no-store',
    });
    return loadPresigner().getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  destroy(): void {
    this.client.destroy();
  }
}

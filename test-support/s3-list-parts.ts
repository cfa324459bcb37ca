import fs from 'node:fs';
import path from 'node:path';
import type S3rver from 's3rver';
import type { S3rverMiddleware } from 's3rver';

/**
 * S3's ListParts (GET /bucket/key?uploadId=…), which s3rver 3.7 (its last release) answers MethodNotAllowed: tus's
 * S3 store asks it on every request after the first, to learn how far a multipart upload has come. Read from where
 * s3rver keeps the parts (uploads/<uploadId>/<partNumber>, each with its MD5 beside it), answered as S3 answers it,
 * all parts in one page.
 */
export function listPartsMiddleware(store: S3rver['store']): S3rverMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/');
    if (ctx.method !== 'GET' || typeof uploadId !== 'string' || !bucket || key.length === 0) return next();
    const folder = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    const parts = fs
      .readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = path.join(folder, String(number));
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8').trim();
        const { size, mtime } = fs.statSync(file);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      });
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key.join('/'))}</Key><UploadId>${uploadId}</UploadId>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

/** The server with ListParts answered first, before s3rver's router refuses it; call before `run()`. */
export function withListParts(server: S3rver): S3rver {
  server.middleware.unshift(listPartsMiddleware(server.store));
  return server;
}

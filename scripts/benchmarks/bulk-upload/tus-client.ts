// Sends one master through the store's tus endpoint as Uppy does: created with its batch and name, then PATCHed
// in parts of 5 MB, read from disk a part at a time.
import fs from 'node:fs/promises';
import path from 'node:path';
import { BULK_UPLOAD_TUS_PATH } from '#shared/catalogue/bulk-upload.ts';

const PART = 5 * 1024 * 1024;
const b64 = (text: string) => Buffer.from(text).toString('base64');

export async function sendMaster(origin: string, cookie: string, batchId: string, file: string): Promise<void> {
  const { size } = await fs.stat(file);
  const headers = { 'Tus-Resumable': '1.0.0', Cookie: cookie };
  const created = await fetch(`${origin}${BULK_UPLOAD_TUS_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${b64(path.basename(file))},batchId ${b64(batchId)}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  const location = `${origin}${created.headers.get('location')}`;
  const handle = await fs.open(file);
  try {
    for (let offset = 0; offset < size; offset += PART) {
      const part = Buffer.alloc(Math.min(PART, size - offset));
      await handle.read(part, 0, part.length, offset);
      const answer = await fetch(location, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(part),
      });
      if (answer.status !== 204) throw new Error(`tus PATCH answered ${answer.status}: ${await answer.text()}`);
    }
  } finally {
    await handle.close();
  }
}

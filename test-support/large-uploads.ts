import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

// Uploads too large to build in memory, generated as streams, and a PNG whose header lies about its size: for the
// master upload's tests (uploads/master-upload-api.test.ts).

const MIB = 1024 * 1024;

/** `size` bytes, the first ones `head`, the rest zeros, read in 1 MiB chunks of one reused buffer. */
export function generatedBytes(size: number, head: Buffer = Buffer.alloc(0)): Readable {
  const zeros = Buffer.alloc(MIB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = sent < head.length ? head.subarray(0, size) : zeros.subarray(0, Math.min(MIB, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** A multipart/form-data body of one file part whose content is `content`, as a stream, for app.inject. */
export function multipartStream(name: string, content: Readable, contentLength: number) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of content) yield chunk as Buffer;
    yield tail;
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + contentLength + tail.length),
    },
  };
}

const u16 = (value: number) => Buffer.from([value & 0xff, value >>> 8]);
function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/**
 * A ZIP archive of exactly `size` bytes: one entry of zeros stored uncompressed, with its CRC, then its table of
 * contents and end record. Generated as it is read, so a 300 MB archive costs a megabyte of memory.
 */
export function storedZip(size: number): Readable {
  const name = Buffer.from('master.bin');
  const localBytes = 30 + name.length;
  const centralBytes = 46 + name.length;
  const dataBytes = size - localBytes - centralBytes - 22;
  let crc = 0;
  const zeros = Buffer.alloc(MIB);
  for (let done = 0; done < dataBytes; done += MIB)
    crc = zlib.crc32(zeros.subarray(0, Math.min(MIB, dataBytes - done)), crc);
  const common = [
    u16(20),
    u16(0),
    u16(0),
    u16(0),
    u16(0x21),
    u32(crc),
    u32(dataBytes),
    u32(dataBytes),
    u16(name.length),
  ];
  const local = Buffer.concat([u32(0x04034b50), ...common, u16(0), name]);
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(20),
    ...common,
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    name,
  ]);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(1),
    u16(1),
    u32(central.length),
    u32(local.length + dataBytes),
    u16(0),
  ]);
  async function* parts() {
    yield local;
    for await (const chunk of generatedBytes(dataBytes)) yield chunk as Buffer;
    yield Buffer.concat([central, end]);
  }
  return Readable.from(parts(), { objectMode: false });
}

/** The PNG with its header (IHDR) saying `width` × `height`, its checksum made right: nothing else changes. */
export function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8), IHDR length (4) and type (4), then width and height; the chunk's CRC covers type and data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

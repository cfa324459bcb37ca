// What a store archive holds and how its rows are written: one format, read by the importer on either engine.

/** The archive's first entry: what it is, the schema level its rows are at, and what it holds. */
export const MANIFEST_ENTRY = 'manifest.json';
export const ARCHIVE_FORMAT = 'wall-art-store-archive';
export const ARCHIVE_VERSION = 1;

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  /** The last migration the exporting store had run: the importer brings the empty store to exactly this level. */
  migration: string;
  exportedAt: string;
  /** In the order their rows go back in (each after the tables it refers to). */
  tables: Array<{ name: string; columns: string[]; rows: number }>;
  files: Record<FileStore, { count: number; bytes: number }>;
}

export type FileStore = 'public' | 'private';
export const FILE_STORES: readonly FileStore[] = ['public', 'private'];

/** `tables/orders.jsonl`: one JSON object a line, one line a row. */
export function tableEntry(table: string): string {
  return `tables/${table}.jsonl`;
}

/** `files/private/originals/…`: the stored file's key under its store's folder. */
export function fileEntry(store: FileStore, key: string): string {
  return `files/${store}/${key}`;
}

/** Which store and key an entry of `files/` is, or null for any other entry. */
export function fileOfEntry(entry: string): { store: FileStore; key: string } | null {
  const match = /^files\/(public|private)\/(.+)$/.exec(entry);
  return match ? { store: match[1] as FileStore, key: match[2] as string } : null;
}

/**
 * A value as JSON carries it between engines: a timestamp as ISO 8601 (PostgreSQL answers a Date, SQLite keeps the
 * text), bytes as base64 in a one-key object. JSON columns stay objects; the importer writes them as JSON text.
 */
export function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The value a row is written with on either engine (SQLite binds no booleans, objects nor arrays). */
export function decodeValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') {
    const bytes = (value as { $base64?: unknown }).$base64;
    if (typeof bytes === 'string' && Object.keys(value).length === 1) return Buffer.from(bytes, 'base64');
    return JSON.stringify(value);
  }
  return value;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
};

/** The content type a restored file is stored with, from its name (the archive keeps bytes, not headers). */
export function contentTypeOfKey(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

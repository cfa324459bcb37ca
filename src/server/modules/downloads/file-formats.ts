import { formatsOf, type DownloadFormat } from '#shared/orders/downloads.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { convertMaster } from './convert-image';
import { downloadFileName } from '../../file-names';

export interface DeliverableFile {
  /** Its key in the private store. */
  key: string;
  fileName: string;
  contentType: string;
}

export interface ArtworkFile {
  id: number;
  title: string;
  private_file_key: string | null;
  /** The artwork's Format field, e.g. 'PNG, JPG'. */
  format: string;
}

const FORMAT_TYPES: Record<DownloadFormat, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** Masters by the extension the upload step gave their key: images sharp can turn into another format… */
const RASTER_MASTERS: Record<string, DownloadFormat | 'other'> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'other',
  gif: 'other',
  tif: 'other',
  tiff: 'other',
};
/** …and files that go out as they are. */
const OTHER_MASTERS: Record<string, string> = { pdf: 'application/pdf', zip: 'application/zip' };

// One job per file at a time in this process: two buyers asking at once share one conversion. Across
// instances the work may happen twice, which is harmless: both write the same bytes and a write never shows half.
const running = new WeakMap<StorageProvider, Map<string, Promise<void>>>();

function once(store: StorageProvider, key: string, job: () => Promise<void>): Promise<void> {
  const jobs = running.get(store) ?? new Map<string, Promise<void>>();
  running.set(store, jobs);
  const current = jobs.get(key);
  if (current) return current;
  const started = job().finally(() => jobs.delete(key));
  jobs.set(key, started);
  return started;
}

/** The derived file beside the master (`<master>.jpg`), made from it on the first request and kept. */
async function ensureDerived(store: StorageProvider, master: string, format: DownloadFormat): Promise<string | null> {
  const key = `${master}.${format}`;
  await once(store, key, async () => {
    if (await store.exists(key)) return;
    const bytes = await store.get(master);
    if (bytes) await store.put(key, await convertMaster(bytes, format), FORMAT_TYPES[format]);
  });
  return (await store.exists(key)) ? key : null;
}

/**
 * The private file to hand out for an artwork in a format its Format field offers: the master itself when it is in
 * that format, else a copy converted from it (kept beside it). A master that is no image (PDF, ZIP) goes out as it
 * is, under its own extension, whatever format is asked. Null when there is nothing to give: no master, a master
 * missing from the store, or a format the artwork does not offer. Who may have it is decided before this is asked.
 */
export async function deliverableFile(
  deps: { privateStore: StorageProvider },
  artwork: ArtworkFile,
  format: DownloadFormat,
): Promise<DeliverableFile | null> {
  const store = deps.privateStore;
  const master = artwork.private_file_key;
  if (!master || !formatsOf(artwork.format).includes(format)) return null;
  const extension = master.slice(master.lastIndexOf('.') + 1).toLowerCase();
  const masterFormat = RASTER_MASTERS[extension];
  const otherType = OTHER_MASTERS[extension];
  if (!masterFormat && !otherType) return null;
  if (!(await store.exists(master))) return null;

  if (otherType)
    return { key: master, fileName: downloadFileName(artwork.title, artwork.id, extension), contentType: otherType };
  const key = masterFormat === format ? master : await ensureDerived(store, master, format);
  return key
    ? { key, fileName: downloadFileName(artwork.title, artwork.id, format), contentType: FORMAT_TYPES[format] }
    : null;
}

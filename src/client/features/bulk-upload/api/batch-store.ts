/**
 * The batch the owner is filling, kept in this browser: after a reload, the same files dropped again resume into
 * the batch they began in (Uppy's tus client finds their uploads by fingerprint), and the grid shows it again.
 */
const KEY = 'bulk-upload-batch';

export function storedBatchId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeBatchId(id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, id);
  } catch {
    // Storage refused (private mode): the batch lasts as long as the page.
  }
}

import type { PackStatus } from '#shared/print-pack.ts';
import type { OwnerPrintPack, PrintPackProgressList } from '#shared/print-pack-schema.ts';

// When the owner's pages ask the server again on their own: only while a pack is on its way, so an idle page
// sends nothing.

/** How often a page asks again while a pack is being made. */
export const PACK_POLL_MS = 2000;

export const isPackBusy = (status: PackStatus) => status === 'queued' || status === 'making';

/**
 * An artwork's pack is asked for again while it is queued or being made, and while the master's size is not known
 * yet (the first job reads it), unless that job failed: then nothing changes until the owner acts.
 */
export function packPollInterval(pack: OwnerPrintPack | undefined): number | false {
  if (!pack) return false;
  if (isPackBusy(pack.progress.status)) return PACK_POLL_MS;
  return pack.master === null && pack.progress.status !== 'failed' ? PACK_POLL_MS : false;
}

/** The dashboard's list is asked for again while any pack on it is queued or being made. */
export function packListPollInterval(list: PrintPackProgressList | undefined): number | false {
  return list?.items.some((item) => isPackBusy(item.status)) ? PACK_POLL_MS : false;
}

import { isJobActive } from '#shared/jobs/job-status.ts';
import type { OwnerPrintPack, PrintPackProgressList } from '#shared/prints/print-pack-schema.ts';

// When the owner's pages ask the server again on their own: only while a pack is on its way, so an idle page
// sends nothing.

/** How often a page asks again while a pack is being made. */
export const PACK_POLL_MS = 2000;

/**
 * An artwork's pack is asked for again while it is queued or being made; that includes the wait for the master's
 * size, which the first job reads. A pack that is not on its way (ready, failed, or none because the artwork has no
 * image master) changes only when the owner acts.
 */
export function packPollInterval(pack: OwnerPrintPack | undefined): number | false {
  return pack && isJobActive(pack.progress.status) ? PACK_POLL_MS : false;
}

/** The dashboard's list is asked for again while any pack on it is queued or being made. */
export function packListPollInterval(list: PrintPackProgressList | undefined): number | false {
  return list?.items.some((item) => isJobActive(item.status)) ? PACK_POLL_MS : false;
}

import { SET_ZIP_MESSAGES } from '#shared/orders/downloads.ts';
import type { DownloadItem } from '#shared/orders/downloads-schema.ts';

/** A line of an order's library: an artwork bought alone, or a set bought whole with its pieces in order. */
export type LibraryGroup =
  { kind: 'artwork'; item: DownloadItem } | { kind: 'set'; key: string; title: string; pieces: DownloadItem[] };

/**
 * An order's lines as the library shows them: a set's pieces together under the set, where its first piece was
 * (the set under each licence apart, as the server's ZIP takes them), every other artwork on its own.
 */
export function libraryGroups(items: readonly DownloadItem[]): LibraryGroup[] {
  const groups: LibraryGroup[] = [];
  const sets = new Map<string, Extract<LibraryGroup, { kind: 'set' }>>();
  for (const item of items) {
    if (!item.set) {
      groups.push({ kind: 'artwork', item });
      continue;
    }
    const key = `${item.set.id}-${item.licence}`;
    const known = sets.get(key);
    if (known) {
      known.pieces.push(item);
      continue;
    }
    const group = { kind: 'set' as const, key, title: item.set.title, pieces: [item] };
    sets.set(key, group);
    groups.push(group);
  }
  return groups;
}

/** Shown where the whole set's ZIP would be while a piece's print pack is still being made. */
export const SET_ZIP_WAITING = 'The whole set’s ZIP is offered once every piece’s print pack is ready.';

/**
 * The whole set's ZIP: what it weighs (its packs' sum), or why it is not offered, naming the piece, as the server
 * would refuse it (a pack not complete, a piece that has used every download).
 */
export function setZipOffer(pieces: readonly DownloadItem[]): { bytes: number } | { reason: string } {
  let bytes = 0;
  for (const piece of pieces) {
    if (piece.limit !== null && piece.downloads >= piece.limit)
      return { reason: SET_ZIP_MESSAGES.limitReached(piece.title, piece.limit) };
    if (piece.pack?.status !== 'ready') return { reason: SET_ZIP_WAITING };
    bytes += piece.pack.zipBytes;
  }
  return { bytes };
}

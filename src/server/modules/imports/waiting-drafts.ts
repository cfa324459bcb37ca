import type { Listing } from '#shared/imports/import-schema.ts';
import { titleFromFileName } from '#shared/catalogue/title-from-file-name.ts';

// A bulk upload's masters wait as drafts named after their files; a listing imported afterwards fills the draft it
// names instead of making a second one. A listing names a draft by its SKU (repository's findDraftForSku) or, with
// no SKU or none found, by name: its title, its Shopify handle or its pictures' file names, each spelled as the
// master's file name would be ("Sunset Over the Hills", "sunset-over-the-hills", ".../sunset_over_the_hills.jpg"
// all name "Sunset Over the Hills.tif").

export interface WaitingDraft {
  id: number;
  image_url: string | null;
  master_file_name: string | null;
}

/** Letters and digits only, lower case, words joined by "-": two spellings of one name give one stem. */
const stemOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-');

/** A master's file name as a stem: "sunset_over-the hills (1).TIF" → "sunset-over-the-hills". */
export const fileStem = (fileName: string) => stemOf(titleFromFileName(fileName));

/** The file name an address ends in, or nothing when its path has none. */
function fileNameOfUrl(address: string): string | undefined {
  try {
    const last = new URL(address).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** Every stem a listing could name a master by, the title first. */
export function listingStems(listing: Pick<Listing, 'title' | 'key' | 'imageUrls'>): string[] {
  const handle = listing.key.startsWith('handle:') ? listing.key.slice('handle:'.length) : undefined;
  const pictures = listing.imageUrls.map(fileNameOfUrl).filter((name) => name !== undefined);
  const stems = [stemOf(listing.title), handle && stemOf(handle), ...pictures.map(fileStem)];
  return [...new Set(stems.filter((stem): stem is string => Boolean(stem)))];
}

/**
 * The drafts still waiting for a listing, found by their masters' stems. Each is handed out once: a draft filled by
 * one listing of the import is not offered to the next.
 */
export class DraftsByName {
  private readonly byStem = new Map<string, WaitingDraft>();

  constructor(drafts: WaitingDraft[]) {
    // The oldest draft of a name wins, as the SKU match takes the oldest.
    for (const draft of [...drafts].sort((a, b) => a.id - b.id)) {
      const stem = draft.master_file_name && fileStem(draft.master_file_name);
      if (stem && !this.byStem.has(stem)) this.byStem.set(stem, draft);
    }
  }

  /** The draft a listing names, taken out of the offer. */
  take(listing: Pick<Listing, 'title' | 'key' | 'imageUrls'>): WaitingDraft | undefined {
    for (const stem of listingStems(listing)) {
      const draft = this.byStem.get(stem);
      if (draft) {
        this.forget(draft.id);
        return draft;
      }
    }
    return undefined;
  }

  /** A draft matched another way (by SKU) is not offered again by name. */
  forget(id: number): void {
    for (const [stem, draft] of this.byStem) if (draft.id === id) this.byStem.delete(stem);
  }
}

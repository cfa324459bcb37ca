import type { Transaction } from 'kysely';
import { deriveCategoryId } from '#shared/catalogue/category-derivation.ts';
import { titleFromFileName, wordsOfTitle } from '#shared/catalogue/title-from-file-name.ts';
import { UPLOAD_DEFAULTS } from '#shared/catalogue/artwork-write.ts';
import { tiersOfStoreDefault, type StoreLicenceDefault } from '#shared/licences/licences.ts';
import type { Database } from '../../db/schema';
import { artworkInputToRow } from './artwork-row';
import { insertArtwork } from './write-repository';
import {
  previewFields,
  resolvePreview,
  resolvePrivateFile,
  writeAndTell,
  type ArtworkWriteDeps,
} from './write-service';

export interface DraftFromMaster {
  /** The master's name on the owner's computer: the draft's title comes from it, and imports match by it. */
  fileName: string;
  /** The preview upload drawn from the master (its public picture). */
  previewUrl: string;
  /** The master's private upload. */
  privateFileKey: string;
  /** The personal licence's price in the store's currency; absent: the upload defaults' price. */
  price?: number;
  /** The commercial licence's price; absent: no commercial licence unless it is the store's only one. */
  commercialPrice?: number;
}

/**
 * The licences a draft offers: the store's default ones. Commercial needs a price the owner gives for the batch; a
 * store that sells only commercial licences offers it at the batch's price, since a draft must be sellable once
 * published.
 */
function draftLicences(setting: StoreLicenceDefault, price: number, commercialPrice: number | undefined) {
  const tiers = tiersOfStoreDefault(setting);
  if (!tiers.personal) return { offersPersonal: false, commercialPrice: commercialPrice ?? price };
  return { offersPersonal: true, commercialPrice: tiers.commercial ? (commercialPrice ?? null) : null };
}

/**
 * Makes a draft artwork from a stored master and its preview: the title from the file name, the category the
 * store's derivation suggests from the title's words, the price and licences as the batch says, and what follows
 * any new artwork (print sizes from the master, palette and orientation, print pack and room mockups) through the
 * `artwork.created` event, after the commit. A draft is the owner's only until it is published.
 */
export async function createDraftArtwork(
  deps: ArtworkWriteDeps,
  draft: DraftFromMaster,
  /** The caller's own record of the draft, written in the same transaction: a crash leaves both or neither. */
  recordDraft?: (trx: Transaction<Database>, artworkId: number) => Promise<void>,
): Promise<number> {
  const { db } = deps;
  const preview = await resolvePreview(db, draft.previewUrl);
  const master = await resolvePrivateFile(db, draft.privateFileKey);
  const title = titleFromFileName(draft.fileName);
  const price = draft.price ?? UPLOAD_DEFAULTS.price;
  const row = artworkInputToRow({
    title,
    artist: UPLOAD_DEFAULTS.artist,
    price,
    description: '',
    category: deriveCategoryId({ tags: wordsOfTitle(title) }),
    tags: [],
    dimensions: UPLOAD_DEFAULTS.dimensions,
    format: UPLOAD_DEFAULTS.format,
    ...previewFields(preview),
    ...draftLicences(deps.licenceDefault, price, draft.commercialPrice),
  });
  return writeAndTell(deps, async (trx) => {
    const artworkId = await insertArtwork(trx, {
      ...row,
      status: 'draft',
      published_at: null,
      master_file_name: draft.fileName.slice(0, 200),
      private_file_key: draft.privateFileKey,
      master_width: master.width,
      master_height: master.height,
    });
    await recordDraft?.(trx, artworkId);
    return { result: artworkId, changes: [{ type: 'artwork.created', artworkId }] };
  });
}

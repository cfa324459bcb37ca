import { ACCEPTED_DESCRIPTION, detectAcceptedTypeOfFile, nameContradictsType } from './file-kinds';
import { checkFileOnDiskIsWhole } from './file-integrity';
import type { DecodeOptions } from './decode-in-child';
import { checkMasterImage } from './master-image-check';
import { rejectedAs, type PreparedFile } from './prepared-file';
import { FileRejectedError } from '../../errors';

/** A private file as it was streamed to disk (stream-to-file.ts). */
export interface FileOnDisk {
  name: string;
  path: string;
  size: number;
}

/**
 * Checks a private file (the master buyers download and print packs are cut from) where it lies on disk, and
 * prepares it to be stored from there, exactly as uploaded. Its type comes from its first bytes, and its name
 * must not say another (file-kinds.ts); an image must be a master the store can print from
 * (master-image-check.ts), and answers its upright size; a PDF or ZIP must hold together (file-integrity.ts).
 * Nothing is read whole into memory.
 */
export async function prepareMaster(
  file: FileOnDisk,
  keyBase: string,
  /** How an image master's decode runs, and whether it also draws the preview (decode-in-child.ts). */
  decode: DecodeOptions = {},
): Promise<PreparedFile> {
  const type = await detectAcceptedTypeOfFile('private', file.path);
  const contradiction = nameContradictsType(file.name, type?.mime);
  if (contradiction) throw new FileRejectedError(`${file.name}: ${contradiction}`, { file: [file.name] });
  if (!type) {
    throw new FileRejectedError(`${file.name} is not an accepted file: ${ACCEPTED_DESCRIPTION.private} only.`, {
      file: [file.name],
    });
  }
  const size = type.mime.startsWith('image/')
    ? await rejectedAs(file.name, () => checkMasterImage(file.path, decode))
    : await rejectedAs(file.name, () => checkFileOnDiskIsWhole(type.mime, file.path));
  const key = `${keyBase}.${type.ext}`;
  return {
    store: 'private',
    objects: [{ key, file: file.path, contentType: type.mime }],
    record: {
      key,
      kind: 'private',
      url: null,
      originalName: file.name.slice(0, 200),
      contentType: type.mime,
      size: file.size,
      width: size?.width ?? null,
      height: size?.height ?? null,
      images: [],
    },
    type: type.family,
  };
}

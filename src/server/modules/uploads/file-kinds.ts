import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';
import type { UploadKind } from '#shared/catalogue/artwork-write.ts';

const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const VIDEOS = ['video/mp4', 'video/webm'];

/** What each picker accepts, decided by the file's bytes, never its name or the browser's Content-Type. */
const ACCEPTED: Record<UploadKind, string[]> = {
  preview: IMAGES,
  media: [...IMAGES, ...VIDEOS],
  private: [...IMAGES, 'image/tiff', 'application/pdf', 'application/zip'],
};

export const ACCEPTED_DESCRIPTION: Record<UploadKind, string> = {
  preview: 'PNG, JPEG, WebP or GIF images',
  media: 'PNG, JPEG, WebP or GIF images and MP4 or WebM videos',
  private: 'PNG, JPEG or TIFF masters (WebP and GIF images too), PDF or ZIP files',
};

export interface DetectedType {
  mime: string;
  ext: string;
  family: 'image' | 'video' | 'file';
}

function accepted(kind: UploadKind, detected: FileTypeResult | undefined): DetectedType | undefined {
  if (!detected || !ACCEPTED[kind].includes(detected.mime)) return undefined;
  // A TIFF master is an image too, though only the private picker takes it.
  const family = detected.mime.startsWith('image/') ? 'image' : VIDEOS.includes(detected.mime) ? 'video' : 'file';
  return { mime: detected.mime, ext: detected.ext, family };
}

/** The real type of an upload, or undefined when it is not one the picker of that kind accepts. */
export async function detectAcceptedType(kind: UploadKind, bytes: Buffer): Promise<DetectedType | undefined> {
  // file-type reads into the file to tell ZIP-based formats apart; on a damaged one it may throw rather than say
  // nothing. Either way the file is not one the store takes: a 400, never a 500.
  return accepted(kind, await fileTypeFromBuffer(bytes).catch(() => undefined));
}

/** The same, for a file on disk: file-type reads its first bytes (and a ZIP's entries) from there. */
export async function detectAcceptedTypeOfFile(kind: UploadKind, file: string): Promise<DetectedType | undefined> {
  return accepted(kind, await fileTypeFromFile(file).catch(() => undefined));
}

/** What a file's name says it is, for the names of the types the store takes, and how to say it. */
const NAMED_TYPES: Record<string, { mime: string; name: string }> = {
  png: { mime: 'image/png', name: 'a PNG image' },
  jpg: { mime: 'image/jpeg', name: 'a JPEG image' },
  jpeg: { mime: 'image/jpeg', name: 'a JPEG image' },
  tif: { mime: 'image/tiff', name: 'a TIFF image' },
  tiff: { mime: 'image/tiff', name: 'a TIFF image' },
  webp: { mime: 'image/webp', name: 'a WebP image' },
  gif: { mime: 'image/gif', name: 'a GIF image' },
  pdf: { mime: 'application/pdf', name: 'a PDF' },
  zip: { mime: 'application/zip', name: 'a ZIP archive' },
};

const nameOfMime = (mime: string) =>
  Object.values(NAMED_TYPES).find((type) => type.mime === mime)?.name ?? `a ${mime} file`;

/**
 * Why a master's name and its bytes disagree (`print.tif` whose bytes are a PNG), or undefined when they agree or
 * the name says nothing the store knows. The bytes decide what is stored, but a master is what buyers download and
 * the print pack is cut from: a mismatch is a wrong file picked or a file saved wrongly, which the owner should
 * know of before it is sold, not a name to correct silently.
 */
export function nameContradictsType(fileName: string, mime: string | undefined): string | undefined {
  const claimed = NAMED_TYPES[/\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''];
  if (!claimed || claimed.mime === mime) return undefined;
  // Bytes of no type the store knows, under a name it knows: most often that type, damaged where it says what it is.
  if (!mime)
    return `its name says ${claimed.name}, but its bytes are not one: the file is damaged, cut short or of another format.`;
  return `its name says ${claimed.name}, but its bytes are ${nameOfMime(mime)}. Save it in the format its name says, or rename it.`;
}

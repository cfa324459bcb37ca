/** Longest base name kept: file systems allow 255 bytes, and a title this long is not read in full anyway. */
const MAX_NAME_LENGTH = 120;

/**
 * A title made safe as the start of a file name. Unicode stays (the attachment header carries it as UTF-8); what
 * file systems refuse (path separators, `:*?"<>|`, control characters, leading and trailing dots) goes, and it is
 * cut to MAX_NAME_LENGTH characters. It may come out empty.
 */
export function safeFileBaseName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '');
  return [...base].slice(0, MAX_NAME_LENGTH).join('').trim();
}

/**
 * The name a bought file is saved under, from the artwork's title: 'Quiet Harbour' → 'Quiet Harbour.png'. A title
 * with nothing left once made safe (safeFileBaseName) falls back to 'artwork-<id>'.
 */
export function downloadFileName(title: string, artworkId: number, extension: string): string {
  return `${safeFileBaseName(title) || `artwork-${artworkId}`}.${extension}`;
}

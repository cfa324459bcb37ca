/** Longest base name kept: file systems allow 255 bytes, and a title this long is not read in full anyway. */
const MAX_NAME_LENGTH = 120;

/**
 * The name a bought file is saved under, from the artwork's title: 'Quiet Harbour' → 'Quiet Harbour.png'. Unicode
 * stays (the attachment header carries it as UTF-8); what file systems refuse (path separators, `:*?"<>|`, control
 * characters, leading and trailing dots) goes. An empty result falls back to 'artwork-<id>'.
 */
export function downloadFileName(title: string, artworkId: number, extension: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '');
  const short = [...base].slice(0, MAX_NAME_LENGTH).join('').trim();
  return `${short || `artwork-${artworkId}`}.${extension}`;
}

// The Content-Disposition of a download, built the same way for a local link and an S3 presigned one (RFC 6266).
// Browsers that read `filename*` (RFC 5987, UTF-8) get the title as written; the rest get a plain ASCII name.

/** Characters RFC 5987's attr-char allows unescaped besides letters and digits. */
const ATTR_CHAR_EXTRAS = new Set(['!', '#', '$', '&', '+', '-', '.', '^', '_', '`', '|', '~']);

/** The name with accents dropped and anything outside printable ASCII (and the quote and backslash) replaced. */
export function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii.trim() === '' ? 'download' : ascii;
}

function encodeRfc5987(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded +=
      /[A-Za-z0-9]/.test(char) || ATTR_CHAR_EXTRAS.has(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** `attachment; filename="…"`, plus `filename*=UTF-8''…` when the name is not plain ASCII. */
export function attachmentDisposition(fileName: string): string {
  const fallback = asciiFileName(fileName);
  const header = `attachment; filename="${fallback}"`;
  return fallback === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

const MB = 1024 * 1024;

/**
 * A file's size as a buyer reads it before a download: '28 MB', '187 MB', '0.4 MB' (one decimal below 10 MB, so a
 * small file does not read as 0 MB).
 */
export function fileSizeText(bytes: number): string {
  const megabytes = bytes / MB;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** `18.4 MB`: a download's size in the decimal units browsers and file managers show. */
export function formatByteSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 1 })} ${units[unit]}`;
}

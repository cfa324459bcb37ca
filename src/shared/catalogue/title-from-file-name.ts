/** Words a title keeps in lower case unless they begin it: "Sunset Over the Hills". */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);
/** The longest title a draft gets from its file name (the owner's form allows more; a file name rarely says more). */
const MAX_TITLE = 120;

/**
 * A draft's title from its master's file name: the extension, a copy's " (1)" or " copy" and separators dropped,
 * each word capitalised but the small ones inside. "sunset_over-the_hills (1).png" → "Sunset Over the Hills".
 * A name that leaves no words gives "Untitled".
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s*\(\d+\)\s*$/, '')
    .replace(/[\s_-]+copy$/i, '');
  const words = base
    .replace(/[_\-.+]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return 'Untitled';
  const title = words
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
  return title.slice(0, MAX_TITLE).trim();
}

/** The words of a title, as tags the category derivation can score: "Sunset Over the Hills" → sunset, over, hills. */
export function wordsOfTitle(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
}

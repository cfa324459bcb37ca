// What the owner's forms and the write API share without a validation library: upload kinds and limits, the
// form's starting values and the rule that an edit ignores empty values.

export const UPLOAD_KINDS = ['preview', 'media', 'private'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
/** Upload limits per kind, enforced by the picker and the server. The private full-resolution file may be large. */
export const UPLOAD_LIMITS: Record<UploadKind, { maxFiles: number; maxBytes: number }> = {
  preview: { maxFiles: 1, maxBytes: 10 * MB },
  media: { maxFiles: 11, maxBytes: 100 * MB },
  // The master: a PNG, JPEG or TIFF of up to 120 MP (a 300 MB TIFF), or a PDF or ZIP. Streamed to disk as it
  // arrives, checked and stored from there, never held in memory, so only disk space bounds it; 300 MB is the
  // largest 120 MP master a print shop sends (previews and media are held in memory, and are small).
  private: { maxFiles: 1, maxBytes: 300 * MB },
};

/** The highest price the owner may set, in the store's currency: also the most a buyer may choose to pay. */
export const MAX_PRICE = 100_000;

/** The upload form's starting values. */
export const UPLOAD_DEFAULTS = {
  artist: 'Studio Artist',
  price: 5.9,
  // No compare-at price and no Dimensions text by default: an invented "was" price or a list of sizes the file may
  // not print at would promise what the listing does not hold. A listing with a picture master has its Dimensions
  // and Format worked out from it (print-facts.ts); the text is for one delivered as a Drive link, a PDF or a ZIP.
  dimensions: '',
  format: 'PNG',
} as const;

/**
 * Drops what an edit ignores, so a blank field keeps what is stored: empty strings, nulls (but for
 * originalPrice) and empty lists.
 */
export function dropEmptyUpdateValues(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => {
      if (value === null) return key === 'originalPrice';
      if (typeof value === 'string') return value.trim() !== '';
      if (Array.isArray(value)) return key === 'tags' || value.length > 0;
      return value !== undefined;
    }),
  );
}

import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';

/** A set's drawn cover as artwork_sets.cover_mockup keeps it: its renditions, narrowest first. */
export function parseCoverImages(json: string): ImageRendition[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as ImageRendition[]) : [];
  } catch {
    return [];
  }
}

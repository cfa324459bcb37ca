import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import { type ArtworkInput, artworkInputToRow, insertArtworksWithPrices } from '../src/server/modules/artworks';

let counter = 0;

/** A complete, valid artwork; each test overrides what it is about. */
export function artworkInput(overrides: Partial<ArtworkInput> = {}): ArtworkInput {
  counter += 1;
  return {
    title: `Test Artwork ${counter}`,
    artist: 'Test Artist',
    price: 9.9,
    originalPrice: null,
    description: 'A test artwork.',
    category: 'abstract',
    tags: ['abstract'],
    previewUrl: `/files/test/${counter}-400.webp`,
    imageUrl: `/files/test/${counter}-800.webp`,
    dimensions: '4x5',
    format: 'PNG',
    ...overrides,
  };
}

export async function insertTestArtworks(
  db: Kysely<Database>,
  inputs: Array<Partial<ArtworkInput>>,
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((i) => artworkInputToRow(artworkInput(i)));
  // As the store lists an artwork: with its price recorded from its creation (a sale's "was" price reads it).
  return db.transaction().execute((trx) => insertArtworksWithPrices(trx, rows));
}

import { licenceShortLabel, type LicenceTier } from '#shared/licences/licences.ts';
import type { ArtworkRow } from '../../db/schema';

type PricedArtwork = Pick<ArtworkRow, 'title' | 'offers_personal' | 'price_cents' | 'commercial_price_cents'>;

/** What a licence of an artwork costs, in cents; null when the artwork is not sold under that licence. */
export function licencePriceCents(artwork: PricedArtwork, licence: LicenceTier): number | null {
  if (licence === 'commercial') return artwork.commercial_price_cents;
  return artwork.offers_personal ? artwork.price_cents : null;
}

/** The cart's lines whose licence their artwork does not offer, by field ('items.N.licence'), each with a sentence. */
export function licencesNotOffered(
  items: ReadonlyArray<{ id: number; licence: LicenceTier }>,
  artworks: ReadonlyMap<number, PricedArtwork>,
): Record<string, string[]> {
  const refused: Record<string, string[]> = {};
  items.forEach((item, index) => {
    const artwork = artworks.get(item.id);
    if (artwork && licencePriceCents(artwork, item.licence) === null)
      refused[`items.${index}.licence`] = [
        `“${artwork.title}” is not sold with a ${licenceShortLabel(item.licence).toLowerCase()} licence. ` +
          'Remove it from your cart and add it again with a licence its page offers.',
      ];
  });
  return refused;
}

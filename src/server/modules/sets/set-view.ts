import { fromCents } from '#shared/money/money.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { SET_MESSAGES, setPricesOf, type SetPrice, type SetPriceRule } from '#shared/sets/sets.ts';
import type { ArtworkRow } from '../../db/schema';
import { rowToArtwork } from '../artworks';
import type { SetRow } from './repository';

// A set as its answers show it, from its row and its pieces' rows. Which pieces keep it off sale is decided here
// and only here, for the visitor's page, the owner's list and the cart alike.

/** Why this artwork cannot be a piece of a set on sale now; null: it can. */
export function pieceProblem(artwork: ArtworkRow | undefined): string | null {
  if (!artwork) return SET_MESSAGES.pieceDeleted;
  if (artwork.status !== 'published') return SET_MESSAGES.pieceNotPublished(artwork.title);
  if (artwork.minimum_price_cents !== null || (artwork.offers_personal && artwork.price_cents === 0))
    return SET_MESSAGES.pieceChosenPrice(artwork.title);
  if (!artwork.offers_personal) return SET_MESSAGES.pieceNoPersonal(artwork.title);
  return null;
}

export const priceRuleOf = (set: Pick<SetRow, 'price_cents' | 'percent_off'>): SetPriceRule =>
  set.price_cents !== null
    ? { priceCents: set.price_cents, percentOff: null }
    : { priceCents: null, percentOff: set.percent_off ?? 0 };

const priceAnswer = (price: SetPrice | null) =>
  price && { price: fromCents(price.cents), sum: fromCents(price.sumCents) };

/**
 * The set's answer. `artworks` holds the pieces the reader may see: for a visitor only published ones (the artworks
 * module's visibleToVisitors), so a piece missing from it takes the set off sale.
 */
export function setAnswerOf(set: SetRow, artworks: ReadonlyMap<number, ArtworkRow>): OwnerSet {
  const rows = set.pieces.map((id) => (id === null ? undefined : artworks.get(id)));
  const problems = [...new Set(rows.map(pieceProblem).filter((problem): problem is string => problem !== null))];
  const present = rows.filter((row): row is ArtworkRow => row !== undefined);
  const onSale = problems.length === 0 && present.length >= 2;
  const prices = onSale
    ? setPricesOf(
        present.map((row) => ({ personalCents: row.price_cents, commercialCents: row.commercial_price_cents })),
        priceRuleOf(set),
      )
    : { personal: null, commercial: null };
  const coverRow = present.find((row) => row.id === set.cover_artwork_id) ?? present[0];
  const cover = coverRow && rowToArtwork(coverRow);
  return {
    id: set.id,
    title: set.title,
    description: set.description,
    cover: cover ? { artworkId: cover.id, imageUrl: cover.imageUrl, images: cover.images } : null,
    pieces: present.map((row) => {
      const artwork = rowToArtwork(row);
      return {
        id: artwork.id,
        title: artwork.title,
        artist: artwork.artist,
        previewUrl: artwork.previewUrl,
        imageUrl: artwork.imageUrl,
        images: artwork.images,
        price: artwork.licences.personal,
      };
    }),
    personal: priceAnswer(prices.personal),
    commercial: priceAnswer(prices.commercial),
    percentOff: set.percent_off,
    onSale,
    artworkIds: set.pieces,
    problems,
    setPrice: set.price_cents === null ? null : fromCents(set.price_cents),
    coverArtworkId: set.cover_artwork_id,
  };
}

/** The visitor's part of an owner's answer: what keeps it off sale is the owner's business. */
export function visitorSetOf(set: OwnerSet) {
  const { artworkIds: _ids, problems: _problems, setPrice: _price, coverArtworkId: _cover, ...visible } = set;
  return visible;
}

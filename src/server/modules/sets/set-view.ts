import { mainImageOf } from '#shared/catalogue/artwork-images.ts';
import type { ShownJobStatus } from '#shared/jobs/job-status.ts';
import { fromCents } from '#shared/money/money.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { SET_MESSAGES, setPricesOf, type SetPrice, type SetPriceRule } from '#shared/sets/sets.ts';
import type { ArtworkRow } from '../../db/schema';
import { rowToArtwork } from '../artworks';
import { parseCoverImages } from './cover/cover-images';
import { coverSourceOf } from './cover/set-cover-source';
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
  return {
    id: set.id,
    title: set.title,
    description: set.description,
    cover: coverOf(set, present),
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
    coverKind: set.cover_kind,
    coverStatus: coverStatusOf(set, present),
  };
}

/** The drawn cover's renditions while they show these pieces as they are now; null: none, or stale. */
function drawnCoverOf(set: SetRow, present: readonly ArtworkRow[]) {
  if (set.cover_kind !== 'mockup' || set.cover_mockup_source === null) return null;
  if (set.cover_mockup_source !== coverSourceOf(present)) return null;
  const images = parseCoverImages(set.cover_mockup);
  return images.length > 0 ? images : null;
}

/**
 * The set's cover: the gallery-wall mockup the store drew, while it shows the pieces as they are (decision 0073);
 * else the chosen piece's picture, and the first piece's when none is chosen or the mockup is not drawn yet.
 */
function coverOf(set: SetRow, present: readonly ArtworkRow[]): OwnerSet['cover'] {
  const drawn = drawnCoverOf(set, present);
  const shown = drawn && mainImageOf(drawn);
  if (drawn && shown) return { artworkId: null, mockup: true, imageUrl: shown.url, images: drawn };
  const coverRow = present.find((row) => row.id === set.cover_artwork_id) ?? present[0];
  const cover = coverRow && rowToArtwork(coverRow);
  return cover ? { artworkId: cover.id, mockup: false, imageUrl: cover.imageUrl, images: cover.images } : null;
}

function coverStatusOf(set: SetRow, present: readonly ArtworkRow[]): ShownJobStatus {
  if (set.cover_kind !== 'mockup') return 'none';
  if (set.cover_job_status) return set.cover_job_status;
  return drawnCoverOf(set, present) ? 'ready' : 'none';
}

/** The visitor's part of an owner's answer: what keeps it off sale is the owner's business. */
export function visitorSetOf(set: OwnerSet) {
  const {
    artworkIds: _ids,
    problems: _problems,
    setPrice: _price,
    coverArtworkId: _cover,
    coverKind: _kind,
    coverStatus: _status,
    ...visible
  } = set;
  return visible;
}

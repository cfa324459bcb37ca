import type { Kysely } from 'kysely';
import { fromCents, toCents } from '#shared/money/money.ts';
import type { ArtworkSet, OwnerSet, SetWrite } from '#shared/sets/set-schema.ts';
import { SET_MESSAGES } from '#shared/sets/sets.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { InvalidInputError, NotFoundError } from '../../errors';
import type { EventBus } from '../../events/event-bus';
import { findArtworksByIds, findVisibleArtworksByIds } from '../artworks';
import * as repository from './repository';
import { pieceProblem, setAnswerOf, visitorSetOf } from './set-view';

// Sets for visitors (only those on sale, their pieces read through the visitor's rule) and the owner's writes.

type Reader = (db: Kysely<Database>, ids: readonly number[]) => Promise<ArtworkRow[]>;

async function answersOf(db: Kysely<Database>, sets: repository.SetRow[], read: Reader): Promise<OwnerSet[]> {
  const ids = [...new Set(sets.flatMap((set) => set.pieces).filter((id): id is number => id !== null))];
  const artworks = new Map((await read(db, ids)).map((row) => [row.id, row]));
  return sets.map((set) => setAnswerOf(set, artworks));
}

/** Every set on sale, newest first: `/shop?filter=sets`, the home page's row, the sitemap. */
export async function listSetsOnSale(db: Kysely<Database>): Promise<ArtworkSet[]> {
  const sets = await answersOf(db, await repository.findSets(db), findVisibleArtworksByIds);
  return sets.filter((set) => set.onSale).map(visitorSetOf);
}

/** A set's page: a set off sale is not there for a visitor. */
export async function getSetOnSale(db: Kysely<Database>, id: number): Promise<ArtworkSet> {
  const [set] = await answersOf(db, await repository.findSets(db, [id]), findVisibleArtworksByIds);
  if (!set?.onSale) throw new NotFoundError(SET_MESSAGES.notFound);
  return visitorSetOf(set);
}

/** "In these sets" on an artwork's page: the sets on sale it is a piece of. */
export async function setsOnSaleWith(db: Kysely<Database>, artworkId: number): Promise<ArtworkSet[]> {
  const ids = await repository.findSetIdsWithArtwork(db, artworkId);
  const sets = await answersOf(db, await repository.findSets(db, ids), findVisibleArtworksByIds);
  return sets.filter((set) => set.onSale).map(visitorSetOf);
}

export async function listOwnerSets(db: Kysely<Database>): Promise<OwnerSet[]> {
  return answersOf(db, await repository.findSets(db), findArtworksByIds);
}

export async function getOwnerSet(db: Kysely<Database>, id: number): Promise<OwnerSet> {
  const [set] = await answersOf(db, await repository.findSets(db, [id]), findArtworksByIds);
  if (!set) throw new NotFoundError(SET_MESSAGES.notFound);
  return set;
}

/**
 * Checks the pieces (each published, with a fixed Personal price) and that a set price is not above their sum; a
 * refusal is a 400 naming the piece (`artworkIds.N`) or `price`.
 */
async function fieldsOf(db: Kysely<Database>, body: SetWrite): Promise<repository.SetFields> {
  const artworks = new Map((await findArtworksByIds(db, body.artworkIds)).map((row) => [row.id, row]));
  const problems: Record<string, string[]> = {};
  body.artworkIds.forEach((id, index) => {
    const artwork = artworks.get(id);
    const problem = artwork ? pieceProblem(artwork) : SET_MESSAGES.pieceUnknown(id);
    if (problem) problems[`artworkIds.${index}`] = [problem];
  });
  const [first] = Object.values(problems);
  if (first?.[0]) throw new InvalidInputError(first[0], problems);
  const sumCents = body.artworkIds.reduce((sum, id) => sum + artworks.get(id)!.price_cents, 0);
  const priceCents = body.price === null ? null : toCents(body.price);
  if (priceCents !== null && priceCents > sumCents) {
    const message = SET_MESSAGES.priceAboveSum(fromCents(sumCents).toFixed(2));
    throw new InvalidInputError(message, { price: [message] });
  }
  return {
    title: body.title,
    description: body.description,
    price_cents: priceCents,
    percent_off: priceCents === null ? body.percentOff : null,
    cover_artwork_id: body.coverKind === 'piece' ? body.coverArtworkId : null,
    cover_kind: body.coverKind,
  };
}

/** What the owner's writes need: the database, and the events that tell the set's cover to be drawn. */
export interface SetWriteDeps {
  db: Kysely<Database>;
  events: EventBus;
}

export async function createSet({ db, events }: SetWriteDeps, body: SetWrite): Promise<OwnerSet> {
  const fields = await fieldsOf(db, body);
  const { id, afterCommit } = await db.transaction().execute(async (trx) => {
    const id = await repository.insertSet(trx, fields, body.artworkIds);
    return { id, afterCommit: await events.emit(trx, { type: 'set.saved', setId: id }) };
  });
  await events.runAfterCommit(afterCommit);
  return getOwnerSet(db, id);
}

export async function changeSet({ db, events }: SetWriteDeps, id: number, body: SetWrite): Promise<OwnerSet> {
  const fields = await fieldsOf(db, body);
  const { found, afterCommit } = await db.transaction().execute(async (trx) => {
    const found = await repository.updateSet(trx, id, fields, body.artworkIds);
    return { found, afterCommit: found ? await events.emit(trx, { type: 'set.saved', setId: id }) : [] };
  });
  if (!found) throw new NotFoundError(SET_MESSAGES.notFound);
  await events.runAfterCommit(afterCommit);
  return getOwnerSet(db, id);
}

export async function removeSet(db: Kysely<Database>, id: number): Promise<void> {
  if (!(await repository.deleteSet(db, id))) throw new NotFoundError(SET_MESSAGES.notFound);
}

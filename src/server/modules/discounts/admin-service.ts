import type { Kysely } from 'kysely';
import { DISCOUNT_MESSAGES as M } from '#shared/discounts/discount-admin.ts';
import type { AdminDiscount, DiscountWrite } from '#shared/discounts/discounts-schema.ts';
import { toCents } from '#shared/money/money.ts';
import type { Database } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import {
  anyOrderUsed,
  artworkTitles,
  codeTaken,
  findDiscount,
  heldUsesByDiscount,
  overspentUsesByDiscount,
  insertDiscount,
  listDiscountRows,
  paidTotalsByDiscount,
  updateDiscount,
  type DiscountValues,
} from './admin-repository';
import { toAdminDiscount } from './admin-view';
import { toDiscount, type DiscountRow } from './repository';

// The owner's discounts: list, create, edit, switch on and off. Orders keep what they were charged (their subtotal,
// discount and label are written with them), so nothing here changes a past order. The catalogue's kept answers are
// dropped by the app's hook for every change the owner makes (http/answer-cache/catalog-version.ts), so a sale's
// prices show at once.

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The columns a write sets; the schema has already refused fields that do not belong to the kind or scope. */
function valuesOf(d: DiscountWrite): DiscountValues {
  return {
    kind: d.kind,
    code: d.kind === 'code' ? d.code : null,
    // A code is known by its text; a sale or a break by the name buyers see.
    name: d.name || (d.code ?? ''),
    percent_off: d.percentOff,
    amount_off_cents: d.amountOff === null ? null : toCents(d.amountOff),
    starts_at: iso(d.startsAt),
    ends_at: iso(d.endsAt),
    max_uses: d.maxUses,
    once_per_customer: d.oncePerCustomer ? 1 : 0,
    min_subtotal_cents: d.minSubtotal === null ? null : toCents(d.minSubtotal),
    min_quantity: d.minQuantity,
    scope: d.scope,
    scope_artworks: JSON.stringify([...d.artworkIds].sort((a, b) => a - b)),
    scope_categories: JSON.stringify([...d.categoryIds].sort()),
    combines_with_sales: d.combinesWithSales ? 1 : 0,
  };
}

async function checkArtworksExist(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  const titles = await artworkTitles(db, ids);
  const missing = ids.filter((id) => !titles.has(id));
  if (missing.length) {
    const messages = missing.map(M.unknownArtwork);
    throw new InvalidInputError(messages[0]!, { artworkIds: messages });
  }
}

const codeTakenError = () => new ConflictError(M.codeTaken, { code: [M.codeTaken] });

async function answerFor(db: Kysely<Database>, rows: DiscountRow[], now: Date): Promise<AdminDiscount[]> {
  const ids = rows.flatMap((row) => toDiscount(row).scopeArtworks);
  const [heldUses, overspentUses, paidTotals, titles] = await Promise.all([
    heldUsesByDiscount(db, now),
    overspentUsesByDiscount(db),
    paidTotalsByDiscount(db),
    artworkTitles(db, [...new Set(ids)]),
  ]);
  return rows.map((row) => toAdminDiscount(row, { heldUses, overspentUses, paidTotals, titles, now }));
}

export async function listAdminDiscounts(db: Kysely<Database>): Promise<AdminDiscount[]> {
  return answerFor(db, await listDiscountRows(db), new Date());
}

async function adminDiscount(db: Kysely<Database>, id: number): Promise<AdminDiscount> {
  const row = await findDiscount(db, id);
  if (!row) throw new NotFoundError(M.notFound);
  const [answer] = await answerFor(db, [row], new Date());
  return answer!;
}

export async function createDiscount(db: Kysely<Database>, write: DiscountWrite): Promise<AdminDiscount> {
  await checkArtworksExist(db, write.artworkIds);
  const id = await insertDiscount(db, { ...valuesOf(write), active: write.active === false ? 0 : 1, now: new Date() });
  if (id === undefined) throw codeTakenError();
  return adminDiscount(db, id);
}

/**
 * An edit sets the whole discount but for what cannot change: its kind, and the text of a code that any order was
 * priced with (orders, receipts and the once-per-customer rule know the code by it); a limit of uses may not drop
 * below the uses already paid for.
 */
export async function editDiscount(db: Kysely<Database>, id: number, write: DiscountWrite): Promise<AdminDiscount> {
  const row = await findDiscount(db, id);
  if (!row) throw new NotFoundError(M.notFound);
  if (write.kind !== row.kind) throw new InvalidInputError(M.kindFixed, { kind: [M.kindFixed] });
  const values = valuesOf(write);
  const code = values.code ?? null;
  if (code !== row.code) {
    if (await anyOrderUsed(db, id)) throw new InvalidInputError(M.codeUsed, { code: [M.codeUsed] });
    if (code !== null && (await codeTaken(db, code, id))) throw codeTakenError();
  }
  const uses = (await paidTotalsByDiscount(db, [id])).get(id)?.uses ?? 0;
  if (write.maxUses !== null && write.maxUses < uses) {
    const message = M.maxUsesBelowUses(uses);
    throw new InvalidInputError(message, { maxUses: [message] });
  }
  await checkArtworksExist(db, write.artworkIds);
  const active = write.active === undefined ? {} : { active: write.active ? 1 : 0 };
  try {
    await updateDiscount(db, id, { ...values, ...active, now: new Date() });
  } catch (error) {
    // Another edit took the code between the check above and this write.
    if (code !== null && (await codeTaken(db, code, id))) throw codeTakenError();
    throw error;
  }
  return adminDiscount(db, id);
}

/** Switches a discount on or off; a code switched off is "not valid" to buyers from now on. */
export async function setDiscountActive(db: Kysely<Database>, id: number, active: boolean): Promise<AdminDiscount> {
  const row = await findDiscount(db, id);
  if (!row) throw new NotFoundError(M.notFound);
  await updateDiscount(db, id, { active: active ? 1 : 0, now: new Date() });
  return adminDiscount(db, id);
}

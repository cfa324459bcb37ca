import type { Kysely } from 'kysely';
import type { StoreLicenceDefault } from '#shared/licences/licences.ts';
import type { Database } from '../../db/schema';

const MARKER = 'licence-tiers-adopted';

/**
 * Once per database, after migration 0012: a store that sold every artwork under STORE_LICENSE=commercial before
 * artworks had tiers keeps telling the truth. Its artworks offer the commercial licence at the price they had (and
 * no personal one), and the lines it sold are commercial ones. The migration cannot do this itself: it does not
 * know the configuration. Instances starting together agree through the marker, written in the same transaction.
 */
export async function adoptStoreLicence(db: Kysely<Database>, storeDefault: StoreLicenceDefault): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('app_meta')
      .values({ key: MARKER, value: storeDefault })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0 || storeDefault !== 'commercial') return false;
    await trx
      .updateTable('artworks')
      .set((eb) => ({ offers_personal: 0, commercial_price_cents: eb.ref('price_cents') }))
      .where('commercial_price_cents', 'is', null)
      .execute();
    await trx
      .updateTable('order_items')
      .set({ licence: 'commercial' })
      .where('licence_terms_version', 'is', null)
      .execute();
    return true;
  });
}

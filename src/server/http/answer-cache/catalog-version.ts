import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';

/**
 * What moved the catalogue on. `owner`: something a visitor must see on the next page (an owner's edit, a
 * publication, an approved review): every kept answer is dropped. The others are what background jobs landed, many
 * in a row after an upgrade, which the store worked out by itself: kept answers are only marked stale, and each is
 * given out once more while one request makes it anew (AnswerCache.markStale). `palettes`: every answer (the colour
 * facets and their counts); `mockups`: only the artworks' own pages and API answers, which alone show them.
 */
export type CatalogChange = 'owner' | 'palettes' | 'mockups';

const META_KEYS: Record<CatalogChange, string> = {
  owner: 'catalog-version',
  palettes: 'catalog-palettes-version',
  mockups: 'catalog-mockups-version',
};
const CHANGES = Object.keys(META_KEYS) as CatalogChange[];

/**
 * The version of everything the store shows every visitor alike (artworks, their pictures, categories), kept in
 * the database so that every instance of the store sees a change: the instance that made it bumps the version and
 * drops (or marks stale) its cached answers at once; the others notice the new version on their next poll. One
 * version per kind of change, all read in one query. A version is a random id, not a counter: two instances
 * bumping at once cannot write the same value.
 */
export class CatalogVersion {
  private readonly current: Record<CatalogChange, string | null> = { owner: null, palettes: null, mockups: null };
  private readonly listeners = new Set<(change: CatalogChange) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called whenever a version moves on, here or on another instance, with the kind of change. */
  onChange(listener: (change: CatalogChange) => void): void {
    this.listeners.add(listener);
  }

  /**
   * After the owner changed the catalogue (the default): every instance must stop answering from what it had
   * cached. After background work landed palettes or mockups: every instance refreshes what shows them as asked for.
   */
  bump(change: CatalogChange = 'owner'): Promise<void> {
    return this.bumpOf(change);
  }

  private async bumpOf(change: CatalogChange): Promise<void> {
    const value = randomUUID();
    const key = META_KEYS[change];
    await this.db
      .insertInto('app_meta')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
    this.moveTo(change, value);
  }

  /** Reads the shared versions at once, then every `everyMs`; a failed read is logged and tried again next time. */
  startPolling(everyMs: number): Worker {
    return startWorker({
      name: 'catalogue version poll',
      everyMs,
      firstRunMs: 0,
      run: () => this.read(),
      log: this.log,
    });
  }

  private async read(): Promise<void> {
    const rows = await this.db
      .selectFrom('app_meta')
      .select(['key', 'value'])
      .where('key', 'in', Object.values(META_KEYS))
      .execute();
    // No row yet: nobody has changed the catalogue since the database was made, which is a version too. An owner's
    // change goes first: it drops everything, which a background change would only have marked stale.
    for (const change of CHANGES) this.moveTo(change, rows.find((row) => row.key === META_KEYS[change])?.value ?? '');
  }

  private moveTo(change: CatalogChange, value: string): void {
    const changed = this.current[change] !== null && this.current[change] !== value;
    this.current[change] = value;
    if (changed) for (const listener of this.listeners) listener(change);
  }
}

/** Whether this request is the owner changing something (anything the owner changes may show in the catalogue). */
export function isOwnerChange(request: FastifyRequest): boolean {
  return (
    request.method !== 'GET' &&
    // The funnel's beacon counts nothing an owner makes (it ignores the owner), and the catalogue does not change.
    request.url !== '/api/funnel/beacon' &&
    request.method !== 'HEAD' &&
    request.method !== 'OPTIONS' &&
    request.user?.role === 'admin'
  );
}

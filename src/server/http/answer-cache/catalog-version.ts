import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';

const META_KEY = 'catalog-version';

/**
 * The version of everything the store shows every visitor alike (artworks, their pictures, categories), kept in
 * the database so that every instance of the store sees an owner's change: the instance that made it bumps the
 * version and drops its cached answers at once; the others notice the new version on their next poll.
 * A version is a random id, not a counter: two instances bumping at once cannot write the same value.
 */
export class CatalogVersion {
  private current: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called whenever the version moves on, here or on another instance. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** After the owner changed the catalogue: every instance must stop answering from what it had cached. */
  async bump(): Promise<void> {
    const value = randomUUID();
    await this.db
      .insertInto('app_meta')
      .values({ key: META_KEY, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
    this.moveTo(value);
  }

  /** Reads the shared version at once, then every `everyMs`; a failed read is logged and tried again next time. */
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
    const row = await this.db.selectFrom('app_meta').select('value').where('key', '=', META_KEY).executeTakeFirst();
    // No row yet: nobody has changed the catalogue since the database was made, which is a version too.
    this.moveTo(row?.value ?? '');
  }

  private moveTo(value: string): void {
    const changed = this.current !== null && this.current !== value;
    this.current = value;
    if (changed) for (const listener of this.listeners) listener();
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

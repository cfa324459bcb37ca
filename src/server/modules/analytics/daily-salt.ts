import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The day's salt, shared by every instance through the database: a visitor is counted once a day per artwork by a
 * hash of the salt, their address and their browser, never by the address itself. Once the day is over its salt is
 * deleted (`forgetDaysBefore` in repository.ts), and nobody can tell whose hash was whose any more.
 */
export class DailySalts {
  private readonly salts = new Map<string, Promise<string>>();
  /** The last salt read, kept as a value too: most beacons then need no promise at all. */
  private known: { day: string; salt: string } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The salt of `day` if this process has read it already, else undefined (then ask `saltFor`). */
  knownSalt(day: string): string | undefined {
    return this.known?.day === day ? this.known.salt : undefined;
  }

  /** The salt of `day`: made by the first instance that needs it, read by the others; asked once per process. */
  saltFor(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.loadOrMake(day).then((value) => {
        if (!this.known || this.known.day <= day) this.known = { day, salt: value };
        return value;
      });
      // A failed read is asked again next time rather than kept.
      salt.catch(() => this.salts.delete(day));
      for (const kept of this.salts.keys()) if (kept < day) this.salts.delete(kept);
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** Forgets the salts of days before `day` in memory (the rows are deleted by the sweep). */
  forgetBefore(day: string): void {
    for (const kept of this.salts.keys()) if (kept < day) this.salts.delete(kept);
  }

  private async loadOrMake(day: string): Promise<string> {
    await this.db
      .insertInto('funnel_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('funnel_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }
}

/** A visitor of the day: the salted hash of their address and browser, shortened (it only tells visitors apart). */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\0${address}\0${userAgent}`).digest('base64url').slice(0, 22);
}

import { PostgresAdapter, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** The few places that differ by engine (id columns, timestamp types, search indexes) ask this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database will do: only its adapter is read
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

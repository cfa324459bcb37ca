import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from './dialect';

// Migrations see the database untyped: they describe how it changes, not what it is now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
export type MigrationDb = Kysely<any>;

/** An auto-numbered integer primary key on either engine. */
export function withIdColumn<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return engineOf(db) === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function timestampType(db: MigrationDb): ColumnDataType {
  return engineOf(db) === 'postgres' ? 'timestamptz' : 'text';
}

import type { ColumnType } from 'kysely';

/** Timestamps go in as ISO strings; PostgreSQL gives back Date objects, SQLite the strings. */
export type Timestamp = ColumnType<Date | string, string, string>;

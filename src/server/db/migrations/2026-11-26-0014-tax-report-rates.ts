import { timestampType, type MigrationDb } from '../migration-helpers';

// The owner's tax report (decision 0043): the euro rate the owner entered for a quarter (the ECB's for its last day,
// units of the store's currency for 1 EUR), kept as the decimal text typed so the page shows it again and the euro
// figures are worked out from exactly it. One row a quarter, '2026-Q4'; a new entry replaces it.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('tax_report_rates')
    .addColumn('quarter', 'text', (c) => c.primaryKey())
    .addColumn('eur_rate', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('tax_report_rates').execute();
}

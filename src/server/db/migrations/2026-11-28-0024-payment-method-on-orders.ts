import { timestampType, type MigrationDb } from '../migration-helpers';

// How an order was paid, beyond a card's last four: wallets (Apple Pay, Google Pay), Link and local methods
// (iDEAL, Bancontact…) through Stripe's Payment Element (decision 0060).
// - orders.payment_method_type: the provider's type ('card', 'ideal', 'link'…), and payment_method_label what
//   receipts, invoices and the owner's orders print ("Apple Pay (Visa ••4242)", "iDEAL (ING)");
//   payment_method_country the country a method without a card tells (a bank account's), VAT evidence.
// - orders.payment_processing_at: since when the provider reports the payment as settling (a bank debit, a
//   redirect finished but not yet paid); the buyer sees "payment processing" until it is paid or fails.
// - test_payment_methods.method_type and method_label: the built-in test provider's wallet and redirect methods
//   beside its cards (existing rows are cards).

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_method_type', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_method_label', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_method_country', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_processing_at', timestampType(db)).execute();
  await db.schema
    .alterTable('test_payment_methods')
    .addColumn('method_type', 'text', (c) => c.notNull().defaultTo('card'))
    .execute();
  await db.schema.alterTable('test_payment_methods').addColumn('method_label', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['method_label', 'method_type'])
    await db.schema.alterTable('test_payment_methods').dropColumn(column).execute();
  for (const column of [
    'payment_processing_at',
    'payment_method_country',
    'payment_method_label',
    'payment_method_type',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}

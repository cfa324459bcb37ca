import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { ensureOwnerAccount } from './ensure-owner-account';
import { verifyPassword } from './password-hash';
import { findUserByEmail, insertUser } from './repository';

describe.each(TEST_ENGINES)('ensureOwnerAccount on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.close());

  it('creates the confirmed owner once, and leaves it alone on the next start', async () => {
    expect(await ensureOwnerAccount(t.db, { email: 'owner@shop.test', password: 'first-password' })).toBe('created');
    const owner = await findUserByEmail(t.db, 'OWNER@shop.test');
    expect(owner).toMatchObject({ role: 'admin', email: 'owner@shop.test' });
    expect(owner?.email_confirmed_at).toBeTruthy();
    expect(await verifyPassword('first-password', owner!.password_hash)).toBe(true);

    expect(await ensureOwnerAccount(t.db, { email: 'owner@shop.test', password: 'changed-password' })).toBe(
      'unchanged',
    );
    const again = await findUserByEmail(t.db, 'owner@shop.test');
    expect(await verifyPassword('first-password', again!.password_hash)).toBe(true);
  });

  it('needs an e-mail, and a password to create an account', async () => {
    expect(await ensureOwnerAccount(t.db, {})).toBe('not-configured');
    expect(await ensureOwnerAccount(t.db, { email: 'nobody@shop.test' })).toBe('not-configured');
    expect(await findUserByEmail(t.db, 'nobody@shop.test')).toBeUndefined();
  });

  it('promotes an existing confirmed customer, but never an unconfirmed sign-up', async () => {
    await insertUser(t.db, { email: 'confirmed@shop.test', passwordHash: 'x', role: 'customer', confirmed: true });
    await insertUser(t.db, { email: 'pending@shop.test', passwordHash: 'x', role: 'customer', confirmed: false });
    expect(await ensureOwnerAccount(t.db, { email: 'confirmed@shop.test' })).toBe('promoted');
    expect(await ensureOwnerAccount(t.db, { email: 'pending@shop.test', password: 'whatever1' })).toBe('unchanged');
    expect((await findUserByEmail(t.db, 'confirmed@shop.test'))?.role).toBe('admin');
    expect((await findUserByEmail(t.db, 'pending@shop.test'))?.role).toBe('customer');
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeEventBus } from '#test-support/store-events.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { loadConfig } from '../../config';
import { insertEmailToken } from '../auth/email-token-repository';
import { insertSession } from '../auth/session-repository';
import { MailQueue } from '../mail-queue/mail-queue';
import type { LifecycleDeps } from '../orders/order-deps';
import { insertUser } from '../users/repository';
import { purgeExpired } from './purge-expired';

const HOUR = 3_600_000;
const IDLE_MS = 30 * 60_000;

describe.each(TEST_ENGINES)('housekeeping on %s', (engine) => {
  let t: TestDatabase;
  let deps: LifecycleDeps;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const log = {
      warn: vi.fn(),
      error: vi.fn(),
      info: vi.fn(),
      debug: vi.fn(),
      trace: vi.fn(),
      fatal: vi.fn(),
    } as unknown as FastifyBaseLogger;
    // Expiring an order sends no mail: a queue that is never started, with a provider that must not be called.
    const mail = new MailQueue(t.db, { send: () => Promise.reject(new Error('no mail expected')) }, log);
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    deps = { db: t.db, mail, log, config, events: storeEventBus(t.db, config, log) };
  });
  afterAll(() => t.close());

  it('deletes dead sessions, spent links and ended rate-limit windows, cancels day-old unpaid orders, and touches nothing that still counts', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const userId = (await insertUser(t.db, {
      email: 'keep@shop.test',
      passwordHash: 'x',
      role: 'customer',
      confirmed: true,
    })) as number;

    await insertSession(t.db, { tokenHash: 'live', userId, now: at(-60_000), expiresAt: at(HOUR) });
    await insertSession(t.db, { tokenHash: 'past-end', userId, now: at(-60_000), expiresAt: at(-1) });
    await insertSession(t.db, { tokenHash: 'idle', userId, now: at(-IDLE_MS - 60_000), expiresAt: at(HOUR) });

    await insertEmailToken(t.db, { tokenHash: 'open', userId, purpose: 'reset-password', now, expiresAt: at(HOUR) });
    await insertEmailToken(t.db, {
      tokenHash: 'expired',
      userId,
      purpose: 'reset-password',
      now: at(-2 * HOUR),
      expiresAt: at(-HOUR),
    });
    await insertEmailToken(t.db, { tokenHash: 'used', userId, purpose: 'confirm-email', now, expiresAt: at(HOUR) });
    await t.db
      .updateTable('email_tokens')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', 'used')
      .execute();

    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'sign-in:ip:1', count: 3, reset_at_ms: now.getTime() + 30_000 },
        { key: 'sign-in:ip:2', count: 10, reset_at_ms: now.getTime() - 1 },
      ])
      .execute();

    const order = (createdAt: Date, status: 'pending' | 'paid', cartKey: string) => ({
      order_number: `WA-${cartKey}`,
      user_id: userId,
      customer_email: 'keep@shop.test',
      status,
      provider: 'test' as const,
      cart_key: cartKey,
      amount_cents: 500,
      currency: 'usd',
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
    await t.db
      .insertInto('orders')
      .values([
        order(at(-25 * HOUR), 'pending', 'stale'),
        order(at(-HOUR), 'pending', 'fresh'),
        order(at(-48 * HOUR), 'paid', 'sold'),
      ])
      .execute();

    expect(await purgeExpired(deps, now, IDLE_MS)).toEqual({
      sessions: 2,
      emailTokens: 2,
      rateLimitWindows: 1,
      canceledOrders: 1,
    });
    const left = async (table: 'sessions' | 'email_tokens') =>
      (await t.db.selectFrom(table).select('token_hash').execute()).map((r) => r.token_hash);
    expect(await left('sessions')).toEqual(['live']);
    expect(await left('email_tokens')).toEqual(['open']);
    expect((await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['sign-in:ip:1']);

    // A second instance running the same purge at the same moment finds nothing left to do.
    const statuses = await t.db.selectFrom('orders').select(['cart_key', 'status']).orderBy('cart_key').execute();
    expect(statuses).toEqual([
      { cart_key: 'fresh', status: 'pending' },
      { cart_key: 'sold', status: 'paid' },
      { cart_key: 'stale', status: 'canceled' },
    ]);
    // The expiry is a change of the order's status like any other: it leaves its history row.
    const history = await t.db
      .selectFrom('order_history')
      .innerJoin('orders', 'orders.id', 'order_history.order_id')
      .select(['orders.cart_key', 'order_history.status', 'order_history.note'])
      .execute();
    expect(history).toEqual([{ cart_key: 'stale', status: 'canceled', note: 'Not paid within a day: cancelled' }]);

    expect(await purgeExpired(deps, now, IDLE_MS)).toEqual({
      sessions: 0,
      emailTokens: 0,
      rateLimitWindows: 0,
      canceledOrders: 0,
    });
  });
});

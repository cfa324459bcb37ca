import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/schema';
import { EventBus } from '../src/server/events/event-bus';
import { createTaxCalculator } from '../src/server/providers/tax/create-tax-calculator';
import { createPaymentProvider } from '../src/server/providers/payments/create-payment-provider';
import { LocalStorage } from '../src/server/providers/storage/local-storage';
import { registerStoreListeners } from '../src/server/store-listeners';

/** A logger that says nothing: for a bus whose listeners are not under test. */
export const quietLog = { warn: () => undefined, error: () => undefined };

/**
 * The store's events with every module's listener, as the app wires them, for tests that apply order events
 * without the app: no print pack worker to nudge, the tax calculator and payment provider the configuration names,
 * and pictures read
 * from the public files under the configuration's data folder.
 */
export function storeEventBus(db: Kysely<Database>, config: Config, log: FastifyBaseLogger): EventBus {
  const events = new EventBus({ db, log });
  registerStoreListeners(events, {
    db,
    config,
    taxCalculator: createTaxCalculator(config),
    payments: createPaymentProvider(config, db, log),
    nudgePrintPacks: () => undefined,
    pictureFacts: { db, log, publicStore: new LocalStorage(path.join(config.dataDir, 'files')) },
    nudgeSetCovers: () => undefined,
  });
  return events;
}

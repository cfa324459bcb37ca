import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/schema';
import { EventBus } from '../src/server/events/event-bus';
import { createTaxCalculator } from '../src/server/modules/taxes/create-tax-calculator';
import { registerStoreListeners } from '../src/server/store-listeners';

/**
 * The store's events with every module's listener, as the app wires them, for tests that apply order events
 * without the app: no print pack worker to nudge, and the tax calculator the configuration names.
 */
export function storeEventBus(db: Kysely<Database>, config: Config, log: FastifyBaseLogger): EventBus {
  const events = new EventBus({ db, log });
  registerStoreListeners(events, {
    db,
    config,
    taxCalculator: createTaxCalculator(config),
    nudgePrintPacks: () => undefined,
  });
  return events;
}

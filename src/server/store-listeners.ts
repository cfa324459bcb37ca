import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { PaymentProvider } from './providers/payments/payment-provider';
import type { EventBus } from './events/event-bus';
import { registerAnalyticsListeners } from './modules/analytics';
import { registerArtworkListeners } from './modules/artworks';
import { registerBuyerCartListeners } from './modules/buyer-cart';
import { registerBroadcastListeners } from './modules/broadcasts';
import type { PictureFactsDeps } from './modules/artworks';
import { registerDiscountListeners } from './modules/discounts';
import { registerMailingListListeners } from './modules/mailing-list';
import { registerOrderListeners } from './modules/orders';
import { registerPrintPackListeners } from './modules/print-pack';
import { registerReviewListeners } from './modules/reviews';
import { registerRoomMockupListeners } from './modules/room-mockups';
import { registerSetListeners } from './modules/sets';
import { registerTaxListeners } from './modules/taxes';
import type { TaxCalculator } from './modules/taxes';

export interface StoreListenerDeps {
  db: Kysely<Database>;
  config: Config;
  taxCalculator: TaxCalculator;
  /** Where a canceled order's intent is canceled too. */
  payments: PaymentProvider;
  /** A pack or mockups were queued: the print pack worker looks now. */
  nudgePrintPacks: () => void;
  /** Where an artwork's palette and orientation are read from its picture. */
  pictureFacts: PictureFactsDeps;
  /** A set's gallery-wall cover was queued: the set covers' job runner looks now. */
  nudgeSetCovers: () => void;
}

/**
 * Every module's listeners on the store's events, in one place (each module's own listeners.ts says what it does).
 * Listeners of one event run in the order registered here, in the transaction and after it: a new artwork's pack is
 * queued, then its palette read, then its mockups queued.
 */
export function registerStoreListeners(events: EventBus, deps: StoreListenerDeps): void {
  registerDiscountListeners(events);
  registerOrderListeners(events, { db: deps.db, payments: deps.payments });
  registerTaxListeners(events, {
    db: deps.db,
    taxCalculator: deps.taxCalculator,
    settings: { tax: deps.config.tax, storeName: deps.config.storeName },
  });
  registerPrintPackListeners(events, { db: deps.db, nudge: deps.nudgePrintPacks });
  registerArtworkListeners(events, deps.pictureFacts);
  registerRoomMockupListeners(events, { db: deps.db, nudge: deps.nudgePrintPacks });
  registerAnalyticsListeners(events);
  registerSetListeners(events, { db: deps.db, nudge: deps.nudgeSetCovers });
  registerBuyerCartListeners(events);
  registerReviewListeners(events);
  registerMailingListListeners(events);
  registerBroadcastListeners(events);
}

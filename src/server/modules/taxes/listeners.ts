import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { EventOf } from '../../events/domain-events';
import { issueTaxDocuments, type IssueSettings } from './issue-tax-documents';
import { recordTaxWithCalculator, type TaxRecordChange } from './record-stripe-tax';
import type { TaxCalculator } from './tax-calculator';

export interface TaxListenerDeps {
  db: Kysely<Database>;
  taxCalculator: TaxCalculator;
  settings: IssueSettings;
}

/** A payment (with the refunds reported before it) or a paid order's refund, as the tax documents see it. */
function changeOf(event: EventOf<'order.paid' | 'order.refunded'>): TaxRecordChange {
  return event.type === 'order.paid'
    ? { orderId: event.orderId, paidNow: true, refundedBefore: event.refundedCents, refundedAfter: event.refundedCents }
    : {
        orderId: event.orderId,
        paidNow: false,
        refundedBefore: event.refundedBefore,
        refundedAfter: event.refundedAfter,
      };
}

/**
 * What taxes do when an order is paid or refunded: the invoice is numbered with the payment and a credit note with
 * the refund, in the order's transaction (so never twice, and no gap when it rolls back); Stripe Tax is told after
 * the commit, as Stripe asks. Told again (a crash before its row was marked done), Stripe Tax records nothing new:
 * the sale is skipped once the order holds its transaction, and Stripe keys the sale by the order and each reversal
 * by the refund total it brings the order to.
 */
export function registerTaxListeners(events: EventBus, deps: TaxListenerDeps): void {
  const issue = (
    trx: Parameters<typeof issueTaxDocuments>[0],
    change: TaxRecordChange & { itemIds?: number[] },
    now: Date,
  ) => issueTaxDocuments(trx, deps.settings, { ...change, now });
  events.onInTransaction('order.paid', (trx, event, { now }) => issue(trx, changeOf(event), now));
  events.onInTransaction('order.refunded', (trx, event, { now }) =>
    issue(trx, { ...changeOf(event), ...(event.itemIds ? { itemIds: event.itemIds } : {}) }, now),
  );
  // The built-in rate table records nothing after a payment: no outbox row is written for it (two fewer statements
  // on every payment's path), only where Stripe Tax decides.
  if (deps.taxCalculator.name === 'table') return;
  events.onAfterCommit(['order.paid', 'order.refunded'], 'taxes.record-stripe-tax', (event) =>
    recordTaxWithCalculator(deps, changeOf(event)),
  );
}

import { describe, expect, it } from 'vitest';
import {
  DOWNLOADABLE_STATUSES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYABLE_STATUSES,
  REFUNDABLE_STATUSES,
  STATUS_RULES,
  canResendReceipt,
  transition,
  type LifecycleOrder,
  type OrderEvent,
  type OrderEventType,
  type OrderStatus,
} from './order-lifecycle';

const AMOUNT = 2000;

/** Each status as the lifecycle leaves it when events come in their usual order. */
const ORDERS: Record<OrderStatus, LifecycleOrder> = {
  pending: { status: 'pending', amountCents: AMOUNT, refundedCents: 0, paid: false },
  paid: { status: 'paid', amountCents: AMOUNT, refundedCents: 0, paid: true },
  failed: { status: 'failed', amountCents: AMOUNT, refundedCents: 0, paid: false },
  canceled: { status: 'canceled', amountCents: AMOUNT, refundedCents: 0, paid: false },
  refunded: { status: 'refunded', amountCents: AMOUNT, refundedCents: AMOUNT, paid: true },
  partially_refunded: { status: 'partially_refunded', amountCents: AMOUNT, refundedCents: 500, paid: true },
  disputed: { status: 'disputed', amountCents: AMOUNT, refundedCents: 0, paid: true },
};

const EVENTS: Record<OrderEventType, OrderEvent> = {
  paid: { type: 'paid', card: { brand: 'visa', last4: '4242' } },
  payment_failed: { type: 'payment_failed', reason: 'Your card was declined.' },
  payment_processing: { type: 'payment_processing' },
  refund_total_changed: { type: 'refund_total_changed', totalRefundedCents: 1000 },
  dispute_opened: { type: 'dispute_opened' },
  dispute_won: { type: 'dispute_won' },
  dispute_lost: { type: 'dispute_lost' },
  expired: { type: 'expired' },
  canceled: { type: 'canceled' },
};

/** [new status, refunded cents, history rows' statuses, e-mails] or null for "nothing changes". */
type Expected = [OrderStatus, number, OrderStatus[], string[]] | null;

const receipt = 'receipt';
const refund = (cents: number) => `refund ${cents}`;

const TABLE: Record<OrderStatus, Record<OrderEventType, Expected>> = {
  pending: {
    paid: ['paid', 0, ['paid'], [receipt]],
    payment_failed: ['failed', 0, ['failed'], []],
    payment_processing: ['pending', 0, ['pending'], []],
    // Before the payment: kept, nobody told yet.
    refund_total_changed: ['pending', 1000, ['pending'], []],
    dispute_opened: ['disputed', 0, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: ['canceled', 0, ['canceled'], []],
    canceled: ['canceled', 0, ['canceled'], []],
  },
  paid: {
    paid: null,
    payment_failed: null,
    payment_processing: null,
    refund_total_changed: ['partially_refunded', 1000, ['partially_refunded'], [refund(1000)]],
    dispute_opened: ['disputed', 0, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: null,
    canceled: null,
  },
  failed: {
    paid: ['paid', 0, ['paid'], [receipt]],
    payment_failed: null,
    payment_processing: ['pending', 0, ['pending'], []],
    refund_total_changed: ['failed', 1000, ['failed'], []],
    dispute_opened: ['disputed', 0, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: ['canceled', 0, ['canceled'], []],
    canceled: ['canceled', 0, ['canceled'], []],
  },
  canceled: {
    // Money taken is never left unrecorded, even on an order the store had closed.
    paid: ['paid', 0, ['paid'], [receipt]],
    payment_failed: null,
    payment_processing: null,
    refund_total_changed: ['canceled', 1000, ['canceled'], []],
    dispute_opened: ['disputed', 0, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: null,
    canceled: null,
  },
  refunded: {
    paid: null,
    payment_failed: null,
    payment_processing: null,
    // Not above the known total (2000): a late or repeated report.
    refund_total_changed: null,
    dispute_opened: ['disputed', AMOUNT, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: null,
    canceled: null,
  },
  partially_refunded: {
    paid: null,
    payment_failed: null,
    payment_processing: null,
    refund_total_changed: ['partially_refunded', 1000, ['partially_refunded'], [refund(500)]],
    dispute_opened: ['disputed', 500, ['disputed'], []],
    dispute_won: null,
    dispute_lost: null,
    expired: null,
    canceled: null,
  },
  disputed: {
    paid: null,
    payment_failed: null,
    payment_processing: null,
    // The dispute's end decides the status; the customer is told of the refund.
    refund_total_changed: ['disputed', 1000, ['disputed'], [refund(1000)]],
    dispute_opened: null,
    dispute_won: ['paid', 0, ['paid'], []],
    dispute_lost: ['refunded', AMOUNT, ['refunded'], []],
    expired: null,
    canceled: null,
  },
};

function outcome(order: LifecycleOrder, event: OrderEvent): Expected {
  const next = transition(order, event);
  if (!next) return null;
  const mails = next.mails.map((mail) => (mail.kind === 'receipt' ? receipt : refund(mail.amountCents)));
  return [next.status, next.refundedCents, next.history.map((row) => row.status), mails];
}

describe('the order lifecycle', () => {
  it('has a row for every status and a column for every event', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES)
      expect(Object.keys(TABLE[status]).sort(), status).toEqual([...ORDER_EVENT_TYPES].sort());
  });

  describe.each(ORDER_STATUSES)('a %s order', (status) => {
    it.each(ORDER_EVENT_TYPES)('on %s', (type) => {
      expect(outcome(ORDERS[status], EVENTS[type])).toEqual(TABLE[status][type]);
    });
  });

  it('records the payment, with the card, only when it pays the order', () => {
    const paid = transition(ORDERS.pending, EVENTS.paid);
    expect(paid).toMatchObject({
      paidNow: true,
      history: [{ status: 'paid', note: 'Payment succeeded (visa ending in 4242)' }],
    });
    expect(transition(ORDERS.pending, { type: 'paid', card: null })?.history[0]?.note).toBe('Payment succeeded');
    for (const type of ORDER_EVENT_TYPES.filter((t) => t !== 'paid')) {
      for (const status of ORDER_STATUSES)
        expect(transition(ORDERS[status], EVENTS[type])?.paidNow ?? false, `${status} on ${type}`).toBe(false);
    }
  });

  it('completes a free order (an amount of 0) as paid, with its receipt and a history that says no payment was taken', () => {
    const free = { ...ORDERS.pending, amountCents: 0 };
    expect(transition(free, { type: 'paid', card: null, free: true })).toEqual({
      status: 'paid',
      refundedCents: 0,
      paidNow: true,
      history: [{ status: 'paid', note: 'Free order completed: no payment taken' }],
      mails: [{ kind: 'receipt' }],
    });
  });

  it('applies a refund or dispute reported before the payment when the payment arrives, telling the customer then', () => {
    const refundedFirst = { ...ORDERS.pending, refundedCents: AMOUNT };
    expect(outcome(refundedFirst, EVENTS.paid)).toEqual([
      'refunded',
      AMOUNT,
      ['paid', 'refunded'],
      [receipt, refund(AMOUNT)],
    ]);
    expect(outcome({ ...ORDERS.failed, refundedCents: 300 }, EVENTS.paid)).toEqual([
      'partially_refunded',
      300,
      ['paid', 'partially_refunded'],
      [receipt, refund(300)],
    ]);
    const disputedFirst = { ...ORDERS.disputed, paid: false };
    expect(outcome(disputedFirst, EVENTS.paid)).toEqual(['disputed', 0, ['paid', 'disputed'], [receipt]]);
    // Won before the payment arrived: open again, the payment decides.
    expect(outcome(disputedFirst, EVENTS.dispute_won)).toEqual(['pending', 0, ['pending'], []]);
  });

  it('gives a won dispute the status its refunds make, and counts a lost one as a full refund', () => {
    expect(outcome({ ...ORDERS.disputed, refundedCents: 500 }, EVENTS.dispute_won)).toEqual([
      'partially_refunded',
      500,
      ['partially_refunded'],
      [],
    ]);
    expect(outcome({ ...ORDERS.disputed, refundedCents: AMOUNT }, EVENTS.dispute_won)).toEqual([
      'refunded',
      AMOUNT,
      ['refunded'],
      [],
    ]);
    expect(outcome({ ...ORDERS.disputed, refundedCents: 500 }, EVENTS.dispute_lost)).toEqual([
      'refunded',
      AMOUNT,
      ['refunded'],
      [],
    ]);
  });

  it('refunds in full, and notes what was paid back and the total', () => {
    const full = transition(ORDERS.partially_refunded, { type: 'refund_total_changed', totalRefundedCents: AMOUNT });
    expect(full).toMatchObject({
      status: 'refunded',
      refundedCents: AMOUNT,
      history: [{ note: 'Refunded 1500 cents (total 2000)' }],
      mails: [{ kind: 'refund', amountCents: 1500 }],
    });
  });

  it('notes why a payment failed, and an expiry', () => {
    expect(transition(ORDERS.pending, EVENTS.payment_failed)?.history).toEqual([
      { status: 'failed', note: 'Your card was declined.' },
    ]);
    expect(transition(ORDERS.pending, { type: 'payment_failed', reason: null })?.history[0]?.note).toBe(
      'The payment failed',
    );
    expect(transition(ORDERS.failed, EVENTS.expired)?.history).toEqual([
      { status: 'canceled', note: 'Not paid within a day: cancelled' },
    ]);
  });
});

describe('a payment that settles later', () => {
  const processing: LifecycleOrder = { ...ORDERS.pending, processing: true };

  it('marks an open order as processing once, and its payment or failure ends it', () => {
    expect(transition(ORDERS.pending, EVENTS.payment_processing)).toMatchObject({
      status: 'pending',
      processing: true,
      mails: [],
    });
    expect(transition(processing, EVENTS.payment_processing)).toBeNull();
    expect(transition(processing, EVENTS.paid)).toMatchObject({ status: 'paid', processing: false, paidNow: true });
    expect(transition(processing, EVENTS.payment_failed)).toMatchObject({ status: 'failed', processing: false });
  });
});

describe('what each status allows', () => {
  it('downloads and refunds a paid or partly refunded order only; pays again an open one only', () => {
    expect(DOWNLOADABLE_STATUSES).toEqual(['paid', 'partially_refunded']);
    expect(REFUNDABLE_STATUSES).toEqual(['paid', 'partially_refunded']);
    expect(PAYABLE_STATUSES).toEqual(['pending', 'failed']);
  });

  it('says why every status that refuses downloads does, each in its own words', () => {
    const refused = ORDER_STATUSES.filter((status) => !STATUS_RULES[status].download);
    for (const status of ORDER_STATUSES)
      expect(STATUS_RULES[status].downloadRefusal === null, status).toBe(STATUS_RULES[status].download);
    expect(new Set(refused.map((status) => STATUS_RULES[status].downloadRefusal)).size).toBe(refused.length);
  });

  it('sends a receipt again only for an order that was paid', () => {
    expect(canResendReceipt({ status: 'paid', paidAt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(canResendReceipt({ status: 'disputed', paidAt: null })).toBe(false);
    expect(canResendReceipt({ status: 'pending', paidAt: null })).toBe(false);
  });
});

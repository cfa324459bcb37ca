// What the database says about the orders of some payment intents: the checks a scenario cannot make through the
// API alone (how often an order was paid, how many receipts were queued, what became of a queued message).
import pg from 'pg';

export interface OrderFacts {
  paymentIntentId: string;
  orderNumber: string;
  status: string;
  paid: boolean;
  amountCents: number;
  refundedCents: number;
  lines: number;
  /** 'Payment succeeded' entries of the order's history: more than one means it was paid twice. */
  payments: number;
  receiptsQueued: number;
  refundMailsQueued: number;
  /** Its queued messages not sent yet, with their claims: a claim left by a dead instance holds a message back. */
  unsent: Array<{ kind: string; claimedUntil: string | null; attempts: number }>;
}

export async function orderFacts(databaseUrl: string, paymentIntentIds: string[]): Promise<OrderFacts[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query<{
      payment_intent_id: string;
      order_number: string;
      status: string;
      paid_at: Date | null;
      amount_cents: number;
      refunded_cents: number;
      lines: string;
      payments: string;
      receipts: string;
      refunds: string;
    }>(
      `select o.payment_intent_id, o.order_number, o.status, o.paid_at, o.amount_cents, o.refunded_cents,
         (select count(*) from order_items i where i.order_id = o.id) as lines,
         (select count(*) from order_history h where h.order_id = o.id and h.note like 'Payment succeeded%') as payments,
         (select count(*) from mail_queue m where m.kind = 'receipt' and m.ref = o.order_number) as receipts,
         (select count(*) from mail_queue m where m.kind = 'refund' and m.ref = o.order_number) as refunds
       from orders o where o.payment_intent_id = any($1)`,
      [paymentIntentIds],
    );
    const unsent = await client.query<{ ref: string; kind: string; claimed_until: Date | null; attempts: number }>(
      `select ref, kind, claimed_until, attempts from mail_queue where sent_at is null and ref = any($1)`,
      [orders.rows.map((row) => row.order_number)],
    );
    return orders.rows.map((row) => ({
      paymentIntentId: row.payment_intent_id,
      orderNumber: row.order_number,
      status: row.status,
      paid: row.paid_at !== null,
      amountCents: row.amount_cents,
      refundedCents: row.refunded_cents,
      lines: Number(row.lines),
      payments: Number(row.payments),
      receiptsQueued: Number(row.receipts),
      refundMailsQueued: Number(row.refunds),
      unsent: unsent.rows
        .filter((mail) => mail.ref === row.order_number)
        .map((mail) => ({
          kind: mail.kind,
          claimedUntil: mail.claimed_until ? new Date(mail.claimed_until).toISOString() : null,
          attempts: mail.attempts,
        })),
    }));
  } finally {
    await client.end();
  }
}

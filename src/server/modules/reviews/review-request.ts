import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { canDownloadLine } from '#shared/orders/order-lifecycle.ts';
import { REVIEW_REQUEST_DELAY_DAYS } from '#shared/reviews/reviews.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { escapeMarkup } from '../../http/escaping';
import { doublingBackOff } from '../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../operations/jobs/job-runner';
import { defineJobTable } from '../../operations/jobs/job-table';
import type { MailQueue } from '../mail-queue';
import { listMessage, mayMail, type ListSecret } from '../mailing-list';
import { guestLinkToken } from '../orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The review requests as a job table: one per paid order, due 14 days after the payment, until done. */
export const REVIEW_REQUEST_JOBS = defineJobTable({
  table: 'review_requests',
  pending: (eb) => eb('done_at', 'is', null),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: true,
});

/** In the payment's transaction: the order's one review request, due later. Told twice, it is kept once. */
export async function queueReviewRequest(trx: Transaction<Database>, orderId: number, paidAt: Date): Promise<void> {
  await trx
    .insertInto('review_requests')
    .values({
      order_id: orderId,
      next_attempt_at: new Date(paidAt.getTime() + REVIEW_REQUEST_DELAY_DAYS * DAY_MS).toISOString(),
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export interface ReviewRequestDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'storeName' | 'nodeEnv' | 'tax'>;
  mail: Pick<MailQueue, 'enqueue' | 'nudge'>;
  /** The download links' signing secret: it signs the unsubscribe link and a guest's order link. */
  secret: ListSecret;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * One due request: nothing for an order refunded or disputed since, nor without a confirmed review-requests
 * consent of its address, nor when every artwork in it is reviewed already; otherwise one e-mail linking each
 * artwork's review form, queued once (keyed by the order) with the list headers. Returns what came of it.
 */
export async function sendReviewRequest(deps: ReviewRequestDeps, orderId: number): Promise<string> {
  const { db, config } = deps;
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || order.paid_at === null) return 'no-order';
  if (!['paid', 'partially_refunded'].includes(order.status)) return 'refunded';
  const email = order.customer_email.toLowerCase();
  if (!(await mayMail(db, email, 'review-requests'))) return 'no-consent';
  const lines = await db
    .selectFrom('order_items')
    .select(['artwork_id', 'title', 'line_refund_id'])
    .where('order_id', '=', orderId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviews')
            .select('reviews.id')
            .whereRef('reviews.artwork_id', '=', 'order_items.artwork_id')
            .where('reviews.buyer_email', '=', email),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  const pieces = lines.filter((line) => canDownloadLine(order.status, line.line_refund_id !== null));
  const unique = [...new Map(pieces.map((piece) => [piece.artwork_id, piece])).values()];
  if (unique.length === 0) return 'nothing-to-review';

  // A guest reviews from their order's link; an account's buyer signs in.
  const guest =
    order.user_id === null && order.guest_link_revoked_at === null
      ? `?order=${encodeURIComponent(await guestLinkToken(deps.secret, order.order_number, order.guest_link_version))}`
      : '';
  const links = unique.map((piece) => ({
    title: piece.title,
    url: `${config.publicUrl}/artwork/${piece.artwork_id}${guest}#review`,
  }));
  const greeting = order.first_name ? `Hello ${order.first_name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Two weeks ago you bought from ${config.storeName}. How does the print look on your wall? A few words and a`,
    'star rating help other buyers choose (a photo of the print in your home is welcome, but never needed).',
    '',
    ...links.map((link) => `${link.title}: ${link.url}`),
  ].join('\n');
  const html = `<p>${escapeMarkup(greeting)}</p>
<p>Two weeks ago you bought from ${escapeMarkup(config.storeName)}. How does the print look on your wall? A few words and a star rating help other buyers choose (a photo of the print in your home is welcome, but never needed).</p>
<ul>${links.map((link) => `<li><a href="${escapeMarkup(link.url)}">Review ${escapeMarkup(link.title)}</a></li>`).join('')}</ul>`;
  const message = await listMessage(deps, {
    email,
    kind: 'review-requests',
    subject: `How does your print look? Review it at ${config.storeName}`,
    text,
    html,
  });
  await deps.mail.enqueue(db, { ...message, ref: order.order_number }, { key: `review-request:${order.id}` });
  deps.mail.nudge();
  return 'sent';
}

/** How often an instance looks for due review requests. */
export const REVIEW_REQUEST_POLL_MS = 60_000;

/** The review requests, run by the one job runner: each due one is sent (or found needless) once. */
export function createReviewRequests(deps: ReviewRequestDeps, everyMs = REVIEW_REQUEST_POLL_MS): JobRunner {
  return createJobRunner({
    name: 'review requests',
    db: deps.db,
    log: deps.log,
    table: REVIEW_REQUEST_JOBS,
    run: async (job) => {
      const outcome = await sendReviewRequest(deps, job.order_id);
      await deps.db.updateTable('review_requests').set({ outcome }).where('id', '=', job.id).execute();
    },
    done: (_job, now) => ({ done_at: now.toISOString() }),
    backOff: doublingBackOff({ firstMs: 60_000, maxMs: 6 * 60 * 60_000 }),
    giveUp: { afterAttempts: 10, changes: (_job, now) => ({ done_at: now.toISOString(), outcome: 'failed' }) },
    everyMs,
    batch: 20,
    leaseMs: 120_000,
  });
}

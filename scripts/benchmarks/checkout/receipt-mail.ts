import fs from 'node:fs';
import path from 'node:path';
import type { MailMessage, MailProvider } from '#server/providers/mail/mail-provider.ts';
import { OutboxMail } from '#server/providers/mail/outbox-mail.ts';

export type MailMode = 'outbox' | 'memory';

/** The store's own order number, as the receipt prints it: "Order #1a2b3c4d (WA-ABCD2345)". */
const ORDER_NUMBER = /\((WA-[2-9A-Z]{8})\)/;

export function orderNumberOf(text: string): string | undefined {
  return ORDER_NUMBER.exec(text)?.[1];
}

/**
 * Counts the receipts the app sends, by order number, and hands each message on: to the outbox folder exactly as
 * the app's default mail provider writes it (`outbox`), or nowhere (`memory`), to see what the file writes cost.
 */
export class ReceiptCounter implements MailProvider {
  readonly receipts = new Map<string, number>();
  private readonly outbox: OutboxMail | undefined;

  constructor(
    readonly mode: MailMode,
    readonly outboxDir: string,
    from: string,
  ) {
    // The log callback is the app's logger in production; the bench's app logs nothing, so neither does this.
    this.outbox = mode === 'outbox' ? new OutboxMail({ dir: outboxDir, from, log: () => {} }) : undefined;
  }

  async send(message: MailMessage): Promise<void> {
    const number = orderNumberOf(message.text);
    if (number) this.receipts.set(number, (this.receipts.get(number) ?? 0) + 1);
    if (this.outbox) await this.outbox.send(message);
  }

  get total(): number {
    let sum = 0;
    for (const count of this.receipts.values()) sum += count;
    return sum;
  }
}

/** Receipts per order number read back from the .eml files themselves: a check that does not trust the counter. */
export function receiptsInOutbox(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!fs.existsSync(dir)) return counts;
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.eml')) continue;
    const number = orderNumberOf(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (number) counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
}

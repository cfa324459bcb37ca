export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Names the message for good, the same on every try (the mail queue's row): a message sent again after a crash
   * between the server's acceptance and its marking as sent carries the same Message-ID, which mail programs show
   * once. Unset: a new Message-ID each time.
   */
  messageKey?: string;
  /** Extra header lines, e.g. a list message's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * What nodemailer sends for a message from `from`: a keyed message's Message-ID is its key at the sender's domain
 * (RFC 5322's unique id, here the same on every try).
 */
export function nodemailerMessage({ messageKey, ...message }: MailMessage, from: string) {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return { from, ...message, ...(messageKey ? { messageId: `<${messageKey}@${domain}>` } : {}) };
}

/** Sends the store's e-mail. The outbox (default) writes files; SMTP delivers them. */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
  /**
   * Resolves when mail can go out now (the SMTP server answers and accepts the login, the outbox folder is
   * writable); rejects saying why not. `/api/ready` asks it. Optional only so that in-memory test doubles need not
   * pretend: a provider without it is reported as not ready.
   */
  ready?(): Promise<void>;
}

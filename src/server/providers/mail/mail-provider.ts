export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
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

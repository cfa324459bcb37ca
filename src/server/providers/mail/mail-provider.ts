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
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider';

/**
 * Delivers through any SMTP server named by a URL, e.g. smtps://user:pass@smtp.example.com:465 (nodemailer reads
 * further options from the query string, e.g. ?pool=true).
 */
export class SmtpMail implements MailProvider {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

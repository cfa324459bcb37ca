import nodemailer, { type Transporter } from 'nodemailer';
import { nodemailerMessage, type MailMessage, type MailProvider } from './mail-provider';

const READY_TIMEOUT_MS = 2_000;
/**
 * A send gives up within about two minutes (nodemailer's own defaults allow ten): the mail queue claims a message
 * for 15 minutes, and a send must end well within that, or another instance would take the message as abandoned.
 * Values in the URL's query string still win.
 */
const SEND_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Delivers through any SMTP server named by a URL, e.g. smtps://user:pass@smtp.example.com:465 (nodemailer reads
 * further options from the query string, e.g. ?pool=true).
 */
export class SmtpMail implements MailProvider {
  private readonly transport: Transporter;
  /** The same server with short timeouts, for readiness only: a server that never answers must not hold a check for minutes. */
  private readonly probe: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, ...SEND_TIMEOUTS });
    this.probe = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: READY_TIMEOUT_MS,
      greetingTimeout: READY_TIMEOUT_MS,
      socketTimeout: READY_TIMEOUT_MS,
    });
  }

  /** Connects, greets and logs in as a delivery would (nodemailer's verify), then hangs up without sending. */
  async ready(): Promise<void> {
    await this.probe.verify();
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(nodemailerMessage(message, this.from));
  }

  close(): void {
    this.transport.close();
    this.probe.close();
  }
}

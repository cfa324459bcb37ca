import nodemailer, { type Transporter } from 'nodemailer';
import type { DkimConfig } from '../../dkim-config';
import { nodemailerMessage, type MailMessage, type MailProvider } from './mail-provider';

const READY_TIMEOUT_MS = 2_000;
/**
 * The headers a signature covers: nodemailer's own list (RFC 6376's advice, List-Unsubscribe among them) and
 * List-Unsubscribe-Post, which RFC 8058 requires signed too and nodemailer leaves out by default.
 */
const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');
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

  /**
   * With `dkim`, every message is signed here, a list message's List-Unsubscribe and List-Unsubscribe-Post
   * included, as RFC 8058 asks.
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    dkim?: DkimConfig,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      ...SEND_TIMEOUTS,
      ...(dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_HEADERS } } : {}),
    });
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

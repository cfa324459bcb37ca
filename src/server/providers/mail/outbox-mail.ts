import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { nodemailerMessage, type MailMessage, type MailProvider } from './mail-provider';

interface OutboxOptions {
  dir: string;
  from: string;
  log: (file: string, message: MailMessage) => void;
}

/**
 * Writes every message as a standard .eml file (open it in any mail program) and logs where: the default, so a
 * new install works without a mail server and the owner can still follow every link the store sends.
 */
export class OutboxMail implements MailProvider {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly options: OutboxOptions) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail(nodemailerMessage(message, this.options.from));
    await fs.mkdir(this.options.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.options.dir, name);
    await fs.writeFile(file, info.message as Buffer);
    this.options.log(file, message);
  }

  /** The outbox folder exists (made if need be, as the first message would) and this process may write in it. */
  async ready(): Promise<void> {
    await fs.mkdir(this.options.dir, { recursive: true });
    await fs.access(this.options.dir, constants.W_OK);
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider';

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
    const info = await this.transport.sendMail({ from: this.options.from, ...message });
    await fs.mkdir(this.options.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.options.dir, name);
    await fs.writeFile(file, info.message as Buffer);
    this.options.log(file, message);
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Every message the outbox provider wrote under DATA_DIR/outbox, oldest first, parsed as a mail program would. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

export function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}

/** Mail goes out in the background; wait (bounded) until a message to `to` whose subject matches arrives. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 5000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readOutbox(dataDir))
      .filter((m) => recipientOf(m) === to && subject.test(m.subject ?? ''))
      .pop();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The token of the first link to `page` in a message's text. */
export function linkToken(mail: ParsedMail, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`No ${page} link in: ${mail.text}`);
  return match[1];
}

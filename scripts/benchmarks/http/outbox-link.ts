// Finds a link the store mailed, in DATA_DIR/outbox (the default mail provider writes each message there as an
// .eml file), as the visitor would click it in their mail program. The store sends in the background, after it
// has answered, so the file is waited for.
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';

/** Quoted-printable, as nodemailer writes a text part with long lines or non-ASCII characters (the signature's dash). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The token of the newest message to `to` whose text holds `linkPath?token=…` (e.g. `/confirm-email`). */
export async function tokenFromOutbox(
  dataDir: string,
  to: string,
  linkPath: string,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const pattern = new RegExp(`${linkPath.replace(/[/.?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`);
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    // The names start with the time they were written: the newest last.
    for (const name of files.sort().reverse()) {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, name), 'utf8'));
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(text)) continue;
      const token = pattern.exec(text)?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`No message to ${to} with a ${linkPath} link arrived in ${outbox} within ${timeoutMs / 1000} s`);
}

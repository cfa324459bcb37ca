import fs from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

// DKIM signing of outgoing mail by the store itself (SmtpMail, nodemailer's `dkim` option). RFC 8058 asks that a
// list message's DKIM signature cover its List-Unsubscribe and List-Unsubscribe-Post headers; without these
// settings the relay must sign (most transactional relays do, for the domain verified with them).

export const dkimConfigFields = {
  /** The signing domain (d=), usually MAIL_FROM's domain. */
  DKIM_DOMAIN: z.string().min(3).optional(),
  /** The selector (s=): the key is published at <selector>._domainkey.<domain>. */
  DKIM_SELECTOR: z.string().min(1).optional(),
  /** The private key as PEM (line breaks may be written as \n), or… */
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  /** …a file holding it. */
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
};

type DkimEnv = { [K in keyof typeof dkimConfigFields]?: string };

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The settings as a whole: none (the relay signs), or all three with a key that reads. */
export function checkDkim(c: DkimEnv, ctx: z.RefinementCtx): void {
  const given = [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY ?? c.DKIM_PRIVATE_KEY_FILE];
  if (given.every((value) => value === undefined)) return;
  const missing = (['DKIM_DOMAIN', 'DKIM_SELECTOR'] as const).filter((name) => !c[name]);
  if (!c.DKIM_PRIVATE_KEY && !c.DKIM_PRIVATE_KEY_FILE) missing.push('DKIM_PRIVATE_KEY' as never);
  for (const name of missing)
    ctx.addIssue({ code: 'custom', path: [name], message: 'is required with the other DKIM settings' });
  if (missing.length > 0) return;
  try {
    createPrivateKey(readKey(c));
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      path: [c.DKIM_PRIVATE_KEY ? 'DKIM_PRIVATE_KEY' : 'DKIM_PRIVATE_KEY_FILE'],
      message: `is not a readable private key (${error instanceof Error ? error.message : 'unknown'})`,
    });
  }
}

function readKey(c: DkimEnv): string {
  return c.DKIM_PRIVATE_KEY
    ? c.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n')
    : fs.readFileSync(c.DKIM_PRIVATE_KEY_FILE!, 'utf8');
}

export function toDkimConfig(c: DkimEnv): DkimConfig | undefined {
  if (!c.DKIM_DOMAIN || !c.DKIM_SELECTOR || !(c.DKIM_PRIVATE_KEY || c.DKIM_PRIVATE_KEY_FILE)) return undefined;
  return { domainName: c.DKIM_DOMAIN, keySelector: c.DKIM_SELECTOR, privateKey: readKey(c) };
}

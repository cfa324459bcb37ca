import net from 'node:net';
import { convert } from 'html-to-text';
import { MAX_PRICE } from '#shared/catalogue/artwork-write.ts';
import { blockedAddressReason } from './blocked-address';

// The checks and clean-ups both sources' listings go through, field by field: each answers the value or the reason
// the row cannot be used.

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = <T>(reason: string): Checked<T> => ({ ok: false, reason });

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
const TAG_MAX = 50;
const TAGS_MAX = 30;

export function checkTitle(raw: string | undefined): Checked<string> {
  const title = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!title) return refused('the title is missing');
  if (title.includes('\u0000')) return refused('the title contains a NUL character');
  return ok(title.length > TITLE_MAX ? title.slice(0, TITLE_MAX).trimEnd() : title);
}

/**
 * A price as the CSV writes it ("12.50", "12", "1,250.00"), read as text so that no float rounding creeps in: at
 * most two decimals, more than zero, at most the store's highest price.
 */
export function checkPrice(raw: string | undefined): Checked<number> {
  const text = (raw ?? '').trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!text) return refused('the price is missing');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return refused(`"${raw}" is not a price (digits, at most two decimals)`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) return refused('the price must be more than 0');
  if (cents > MAX_PRICE * 100) return refused(`the price must be at most ${MAX_PRICE}`);
  return ok(cents);
}

export function checkCurrency(raw: string | undefined): Checked<string> {
  const code = (raw ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return refused(code ? `"${raw}" is not a currency code` : 'the currency is missing');
  return ok(code);
}

/**
 * An image address the store will fetch: https only, no user name or password in it, and not an IP address
 * outside the public internet. Names are resolved and checked again when fetched (safe-fetch.ts).
 */
export function checkImageUrl(raw: string): Checked<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refused(`"${raw.slice(0, 80)}" is not a web address`);
  }
  if (url.protocol !== 'https:')
    return refused(`${url.protocol.replace(':', '')} addresses are not fetched, only https`);
  if (url.username || url.password) return refused('the address carries a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) return refused(`${reason}, which is never fetched`);
  }
  return ok(url.href);
}

/** Tags from a comma-separated list: trimmed, blanks and repeats dropped, each and their number within the form's limits. */
export function cleanTags(raw: string | undefined): string[] {
  const tags = (raw ?? '')
    .split(',')
    .map((t) => t.replace(/\s+/g, ' ').trim().slice(0, TAG_MAX))
    .filter((t) => t && !t.includes('\u0000'));
  return [...new Set(tags)].slice(0, TAGS_MAX);
}

/**
 * The store's description is plain text (shown as text, paragraphs by blank lines): a listing's HTML becomes the
 * text it shows, so no markup, script or link attribute of another shop's page comes along.
 */
export function plainDescription(raw: string | undefined, { html }: { html: boolean }): string {
  const text = html
    ? convert(raw ?? '', {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { ignoreHref: true } },
          { selector: 'img', format: 'skip' },
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
          { selector: 'h3', options: { uppercase: false } },
        ],
      })
    : (raw ?? '');
  const cleaned = text
    .replaceAll('\u0000', '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cleaned.length > DESCRIPTION_MAX ? cleaned.slice(0, DESCRIPTION_MAX).trimEnd() : cleaned;
}

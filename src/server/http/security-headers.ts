import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Types of <script> a browser runs; any other (application/json, application/ld+json) is a data block the CSP ignores. */
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The CSP sources ('sha256-…') of the inline scripts in an HTML file: exactly their text between the tags, as the
 * browser hashes it. Only the built index.html is read this way, never a page as served, so a script that reached a
 * page some other way (an injection) stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!RUNNABLE_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the built index.html's inline scripts (the early-input recorder, decision 0024); none without a build. */
function builtInlineScripts(clientDir: string): string[] {
  const indexFile = path.join(clientDir, 'index.html');
  return fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
}

/**
 * CSP that allows no inline script but those of the built index.html (by hash), nosniff, a strict referrer policy
 * and no framing, on every response.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean;
    filesOrigin?: string;
    stripe?: boolean;
    /** The built client whose index.html's inline scripts are allowed (the one the app serves). */
    clientDir: string;
  },
): Promise<void> {
  const files = options.filesOrigin ? [options.filesOrigin] : [];
  // Read once at start: the server serves the index.html it read at start too, so the two cannot drift apart.
  const inlineScripts = builtInlineScripts(options.clientDir);
  // Stripe.js, the Payment Element and the methods inside it come from Stripe's origins (its security guide's list),
  // and the wallets from their own: Google Pay's script and sheet, Apple Pay's SDK for browsers other than Safari,
  // Link's frames (js.stripe.com), a redirect method's bank pages through hooks.stripe.com, the Address Element's
  // autocomplete from Google Maps, and m.stripe.network's fraud signals. Allowed only while Stripe takes the payments.
  const stripe = options.stripe
    ? {
        script: [
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://pay.google.com',
          'https://applepay.cdn-apple.com',
          'https://maps.googleapis.com',
        ],
        frame: [
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
          'https://m.stripe.network',
          'https://pay.google.com',
        ],
        connect: [
          'https://api.stripe.com',
          'https://merchant-ui-api.stripe.com',
          'https://m.stripe.network',
          'https://pay.google.com',
          'https://maps.googleapis.com',
        ],
        img: ['https://*.stripe.com', 'https://www.gstatic.com'],
      }
    : { script: [], frame: [], connect: [], img: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScripts, ...stripe.script],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...files, ...stripe.img],
        'media-src': ["'self'", 'blob:', ...files],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...stripe.connect],
        'frame-src': stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Strict-Transport-Security only means something, and is only safe to send, over https.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

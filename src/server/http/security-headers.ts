import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** CSP without inline scripts, nosniff, a strict referrer policy and no framing, on every response. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; filesOrigin?: string; stripe?: boolean },
): Promise<void> {
  const files = options.filesOrigin ? [options.filesOrigin] : [];
  // Stripe.js and its card fields come from Stripe's origins; allowed only while Stripe takes the payments.
  const stripe = options.stripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] }
    : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...stripe.script],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...files],
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

import { createRequire } from 'node:module';

// Packages only some stores use (Stripe, S3) or used only now and then (PDFs) are loaded on their first use, not at
// start: loaded at start they held 25-30 MB of every store's memory (pdfkit ~17 MB with its fonts' code, Stripe's
// SDK ~13 MB, the S3 SDK ~6 MB), for a store on the built-in payments, local files and no PDF made yet. Loaded with
// require, so the caller stays synchronous; each of these packages ships a CommonJS build.
const requireFromHere = createRequire(import.meta.url);

/** A loader of the package `name`, which requires it on its first call and answers the same module after that. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}

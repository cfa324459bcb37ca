import { shownOrderNumber } from '#shared/orders/checkout.ts';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import type { LicenceCertificate } from '#shared/licences/licence-schema.ts';
import { canDownloadLine } from '#shared/orders/order-lifecycle.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ConflictError, NotAllowedError, NotFoundError } from '../../errors';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { certificatePdf } from './certificate-pdf';
import { itemIdOfCertificate } from './certificate-number';
import { findCertifiedLine } from './certificate-repository';
import { findTermsVersion } from './terms-repository';
import { toLicenceTerms } from './terms-service';

export interface CertificateDeps {
  db: Kysely<Database>;
  config: Config;
  secret: SecretSource;
}

/** Who looks: a signed-in account, or a guest's order library (its order, decision 0058). */
export type CertificateViewer = SessionUser | { guestOrderId: number };

export const CERTIFICATE_NOT_FOUND =
  'No license certificate has this number. Check that it was copied whole; a changed number is not valid.';

/**
 * What a certificate certifies, for anyone who has its number: the name printed on it, the artwork, the licence,
 * its terms' version and the order. Nothing else about the buyer. An order never paid has no certificate.
 */
export async function findCertificate(
  deps: CertificateDeps,
  user: CertificateViewer | null,
  certificateNumber: string,
): Promise<LicenceCertificate> {
  const itemId = await itemIdOfCertificate(deps.secret, certificateNumber);
  const line = itemId === null ? undefined : await findCertifiedLine(deps.db, itemId);
  if (!line?.paidAt) throw new NotFoundError(CERTIFICATE_NOT_FOUND);
  const terms =
    line.termsVersion === null ? undefined : await findTermsVersion(deps.db, line.licence, line.termsVersion);
  const name = `${line.firstName} ${line.lastName}`.trim();
  return {
    certificateNumber: certificateNumber.trim().toUpperCase(),
    // A line the owner refunded on its own ends its licence, as its order's refund does (decision 0071).
    valid: canDownloadLine(line.status, line.lineRefundId !== null),
    holderName: name || `The buyer of order ${line.orderNumber}`,
    artworkId: line.artworkId,
    artworkTitle: line.title,
    artist: line.artist,
    licence: line.licence,
    licenceLabel: licenceLabel(line.licence),
    termsVersion: line.termsVersion,
    terms: terms ? toLicenceTerms(terms) : null,
    // As the buyer's receipt names it, with the store's reference the owner finds it by.
    orderNumber: line.paymentIntentId
      ? `#${shownOrderNumber(line.paymentIntentId)} (${line.orderNumber})`
      : line.orderNumber,
    purchasedAt: new Date(line.paidAt).toISOString(),
    canDownload:
      user !== null &&
      ('guestOrderId' in user ? user.guestOrderId === line.orderId : user.role === 'admin' || user.id === line.userId),
  };
}

/** The PDF, for its buyer and the owner only, while the licence is in force. */
export async function certificatePdfOf(
  deps: CertificateDeps,
  user: CertificateViewer,
  certificateNumber: string,
): Promise<{ pdf: Buffer; certificate: LicenceCertificate }> {
  const certificate = await findCertificate(deps, user, certificateNumber);
  if (!certificate.canDownload) throw new NotAllowedError('Only the buyer can download this certificate.');
  // A PDF outlives the page that checks it: none is made for a licence that has ended.
  if (!certificate.valid)
    throw new ConflictError('This licence ended when it was refunded or its order disputed, so it has no certificate.');
  const verifyUrl = `${deps.config.publicUrl}/licences/${certificate.certificateNumber}`;
  const pdf = await certificatePdf({ certificate, storeName: deps.config.storeName, verifyUrl });
  return { pdf, certificate };
}

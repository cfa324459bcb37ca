import { Link } from 'react-router';
import type { LicenceCertificate } from '#shared/licences/licence-schema.ts';
import { formatLongDate } from '#client/lib/order-dates.ts';
import { certificatePdfUrl } from '../api/licences-api';
import { LicenceTermsBlock } from './licence-terms-list';

/** A certificate as its verification page shows it: what it certifies, and the terms it was sold under. */
export function CertificateView({ certificate: c }: { certificate: LicenceCertificate }) {
  return (
    <article className="certificate" aria-labelledby="certificate-holder">
      <p className={`certificate__status certificate__status--${c.valid ? 'valid' : 'ended'}`} role="status">
        {c.valid
          ? 'This certificate is genuine: the store issued it and the license is in force.'
          : 'This certificate was issued by the store, but the license has ended: its order was refunded or disputed.'}
      </p>
      <p className="muted">This certifies that</p>
      <p id="certificate-holder" className="certificate__holder">
        {c.holderName}
      </p>
      <p className="muted">holds a</p>
      <p className="certificate__licence">{c.licenceLabel}</p>
      <p className="muted">for the artwork</p>
      <p className="certificate__artwork">
        <Link to={`/artwork/${c.artworkId}`}>{c.artworkTitle}</Link> by {c.artist}
      </p>
      <dl className="spec-list certificate__facts">
        <dt>Certificate number</dt>
        <dd className="certificate__number">{c.certificateNumber}</dd>
        <dt>Order</dt>
        <dd>{c.orderNumber}</dd>
        <dt>Purchased</dt>
        <dd>{formatLongDate(c.purchasedAt)}</dd>
        <dt>License terms</dt>
        <dd>{c.termsVersion === null ? 'As published at the time of purchase' : `Version ${c.termsVersion}`}</dd>
      </dl>
      {c.canDownload && c.valid && (
        <p>
          <a className="button button--primary" href={certificatePdfUrl(c.certificateNumber)} download>
            Download the certificate (PDF)
          </a>
        </p>
      )}
      {c.terms && <LicenceTermsBlock terms={c.terms} />}
    </article>
  );
}

import { Link, useParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import { useCertificate } from '#client/features/licences/api/licences-queries.ts';
import { CertificateView } from '#client/features/licences/components/certificate-view.tsx';

/** The public check of a licence certificate: anyone with its number sees what it certifies, or that it is not one. */
export default function LicenceCertificatePage() {
  const title = SITE_PAGES['/licences/:certificateNumber'].title;
  usePageTitle(title);
  const { certificateNumber = '' } = useParams();
  const { data, error, isPending } = useCertificate(certificateNumber);
  return (
    <section className="page page--narrow certificate-page">
      <h1>{title}</h1>
      {isPending && <p className="muted">Checking the certificate...</p>}
      {error && (
        <div className="certificate__status certificate__status--unknown" role="alert">
          <p>
            <strong>This is not a valid license certificate.</strong>
          </p>
          <p>
            {error instanceof ApiError && error.status === 404
              ? error.message
              : 'The certificate could not be checked just now. Please try again in a moment.'}
          </p>
          <p>
            Questions about a license? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      )}
      {data && <CertificateView certificate={data} />}
    </section>
  );
}

import { Link } from 'react-router';

/** The "License certificate" link of a bought line: My Downloads and the order history both show it. */
export function CertificateLink({ certificateNumber, title }: { certificateNumber: string; title: string }) {
  return (
    <Link
      className="certificate-link"
      to={`/licences/${certificateNumber}`}
      aria-label={`License certificate for ${title}`}
    >
      License certificate
    </Link>
  );
}

import '../../../features/artwork-admin/artwork-admin.css';
import { Link, useParams } from 'react-router';
import ArtworkPage from '../artwork-page';

/**
 * The owner's preview link: the artwork's page as visitors will see it once it is published. Only the signed-in
 * owner reaches it (an owner-only page, read through the owner's API); to visitors the artwork's own page is a 404
 * until then.
 */
export default function AdminPreviewPage() {
  const { id = '' } = useParams();
  return (
    <>
      <p className="preview-banner" role="status">
        Preview: visitors do not see this artwork until it is published.{' '}
        <Link to={`/admin/edit/${encodeURIComponent(id)}`}>Edit its release</Link>
      </p>
      <ArtworkPage preview />
    </>
  );
}

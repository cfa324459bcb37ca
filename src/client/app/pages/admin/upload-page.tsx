import { Link } from 'react-router';
import { ArtworkForm } from '../../../features/admin/components/artwork-form';
import { AdminHeader } from './admin-header';
import { SITE_PAGES } from '../../../../shared/site-pages';

export default function AdminUploadPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title={SITE_PAGES['/admin'].title}>
        <Link className="button" to="/">
          Back to Site
        </Link>
        <Link className="button" to="/admin/dashboard">
          Manage Listings
        </Link>
      </AdminHeader>
      <ArtworkForm />
    </div>
  );
}

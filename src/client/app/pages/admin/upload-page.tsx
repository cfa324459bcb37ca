import { Link } from 'react-router';
import { ArtworkForm } from '../../../features/admin/components/artwork-form';
import { AdminHeader } from './admin-header';

export default function AdminUploadPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title="Admin - Upload Artwork">
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

import { Link } from 'react-router';
import { ArtworkForm } from '#client/features/admin/components/artwork-form.tsx';
import { AdminHeader } from './admin-header';
import { SITE_PAGES } from '#shared/site-pages.ts';

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

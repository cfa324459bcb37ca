import { Link } from 'react-router';
import { Dashboard } from '#client/features/admin/components/dashboard.tsx';
import { AdminHeader } from './admin-header';
import { SITE_PAGES } from '#shared/site-pages.ts';

export default function AdminDashboardPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title={SITE_PAGES['/admin/dashboard'].title}>
        <Link className="button" to="/">
          Back to Site
        </Link>
        <Link className="button" to="/admin/orders">
          Orders and Sales
        </Link>
        <Link className="button button--primary" to="/admin">
          Add New Artwork
        </Link>
      </AdminHeader>
      <Dashboard />
    </div>
  );
}

import { Link } from 'react-router';
import { Dashboard } from '../../../features/admin/components/dashboard';
import { AdminHeader } from './admin-header';

export default function AdminDashboardPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title="Manage Listings">
        <Link className="button" to="/">
          Back to Site
        </Link>
        <Link className="button button--primary" to="/admin">
          Add New Artwork
        </Link>
      </AdminHeader>
      <Dashboard />
    </div>
  );
}

import { ArtworkForm } from '#client/features/admin/components/artwork-form.tsx';
import { AdminHeader, OWNER_LINKS } from './admin-header';
import { SITE_PAGES } from '#shared/site-pages.ts';

export default function AdminUploadPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title={SITE_PAGES['/admin'].title} links={[OWNER_LINKS.site, OWNER_LINKS.listings]} />
      <ArtworkForm />
    </div>
  );
}

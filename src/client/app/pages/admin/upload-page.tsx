import { ArtworkForm } from '#client/features/artwork-admin/components/artwork-form.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function AdminUploadPage() {
  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin'].title} links={[OWNER_LINKS.site, OWNER_LINKS.listings]} />
      <ArtworkForm />
    </div>
  );
}

import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useLicenceTerms } from '#client/features/licences/api/licences-queries.ts';
import { TermsEditor } from '#client/features/licences/components/terms-editor.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/** The owner writes the two licences' terms here; which licences an artwork offers is set on the artwork. */
export default function AdminLicencesPage() {
  const { data: terms, isError } = useLicenceTerms();
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/licences'].title}
        links={[OWNER_LINKS.listings, { to: '/license-terms', label: 'See the public page' }]}
      />
      {isError && <p role="alert">The license terms could not be loaded. Please reload the page.</p>}
      <div className="terms-editors">
        {terms?.map((entry) => (
          // Keyed by licence, not version: after a save the form keeps what was saved and says which version it is.
          <TermsEditor key={entry.licence} terms={entry} />
        ))}
      </div>
    </div>
  );
}

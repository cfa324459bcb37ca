import { Link } from 'react-router';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { useLicenceTerms } from '#client/features/licences/api/licences-queries.ts';
import { LicenceTermsBlock } from '#client/features/licences/components/licence-terms-list.tsx';
import { ContactOptions, InfoPage, PolicyQuote, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

export default function LicenseTermsPage() {
  const { storeName, licenseText } = useStoreSettings();
  const { data: terms } = useLicenceTerms();

  const sections: InfoSection[] = [
    {
      id: 'summary',
      title: 'Your license at a glance',
      content: (
        <>
          <p>Every artwork you buy from {storeName} comes with a licence:</p>
          <PolicyQuote label={licenseText.label}>{licenseText.summary}</PolicyQuote>
          <p>
            The license starts when your payment is complete and covers the artwork it was bought for, under the version
            of the terms shown when you bought it. Your license certificate names both. The rest of this page sets out
            exactly what each license allows.
          </p>
        </>
      ),
    },
    {
      id: 'licences',
      title: 'The two licenses',
      content: terms ? (
        terms.map((entry) => <LicenceTermsBlock key={entry.licence} terms={entry} />)
      ) : (
        <p className="muted">Loading the license terms...</p>
      ),
    },
    {
      id: 'copyright',
      title: 'Copyright stays with the artist',
      content: (
        <>
          <p>
            When you buy an artwork you buy a licence to use it, not the artwork's copyright. The copyright in every
            design stays with the artist who created it, and the artist and {storeName} keep all rights this licence
            does not expressly give you.
          </p>
          <p>
            The license is non-exclusive: other customers may buy the same artwork. Please do not remove the artist's
            name or signature from an artwork, or present it as your own work.
          </p>
        </>
      ),
    },
    {
      id: 'who',
      title: 'Who the license covers',
      content: (
        <p>
          The license belongs to the person who bought the artwork, through the account used for the order. It cannot be
          sold, transferred or sublicensed to anyone else. Prints you make under it may be used as described above.
        </p>
      ),
    },
    {
      id: 'duration',
      title: 'How long it lasts',
      content: (
        <>
          <p>
            The license does not expire: you may keep using the artworks you bought, within these terms, for as long as
            you like. If you break these terms, the license ends, and you must stop using the files and delete them.
          </p>
          <p>
            Each purchase is covered by the license and the version of its terms shown at the time of that purchase. If
            the terms change later, or an artwork stops being offered under a license, artworks you have already bought
            keep the license and the terms they came with.
          </p>
        </>
      ),
    },
    {
      id: 'other-uses',
      title: 'Uses this license does not cover',
      content: (
        <>
          <p>
            Would you like to use an artwork in a way that is not listed above? Ask us first through <ContactOptions />.
            Tell us which artwork and what you have in mind; we will check with the artist and let you know whether it
            is possible and on what terms.
          </p>
          <p>
            These License Terms form part of our <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/license-terms'].title}
      lead="What you may do with the artworks you buy, in plain language."
      sections={sections}
      showLastUpdated
    />
  );
}

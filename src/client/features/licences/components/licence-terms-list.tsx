import type { LicenceTerms } from '#shared/licences/licence-schema.ts';

/** One licence's current terms, as the licence terms page and the owner's editor show them. */
export function LicenceTermsBlock({ terms }: { terms: LicenceTerms }) {
  return (
    <section className="licence-terms" aria-labelledby={`licence-terms-${terms.licence}`}>
      <h3 id={`licence-terms-${terms.licence}`}>
        {terms.label} <span className="muted licence-terms__version">terms version {terms.version}</span>
      </h3>
      <p>{terms.summary}</p>
      <h4>What you may do</h4>
      <ul className="check-list info-list">
        {terms.allowed.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h4>What you may not do</h4>
      <ul className="info-list info-list--no">
        {terms.notAllowed.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

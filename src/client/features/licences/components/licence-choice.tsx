import { Link } from 'react-router';
import { LICENCE_TIERS, licenceShortLabel, type LicencePrices, type LicenceTier } from '#shared/licences/licences.ts';
import { useMoney } from '#client/lib/store-settings.ts';

const WHAT_IT_COVERS: Record<LicenceTier, string> = {
  personal: 'Home decoration and gifts',
  commercial: 'Client work and products you sell, print-on-demand included',
};

/** The buyer's choice of licence on an artwork page: the offered ones only, Personal first, each with its price. */
export function LicenceChoice({
  prices,
  value,
  onChange,
}: {
  prices: LicencePrices;
  value: LicenceTier;
  onChange: (licence: LicenceTier) => void;
}) {
  const { formatPrice } = useMoney();
  const offered = LICENCE_TIERS.filter((tier) => prices[tier] !== null);
  return (
    <fieldset className="licence-choice">
      <legend>License</legend>
      {offered.map((tier) => (
        <label key={tier} className="licence-choice__option">
          <input type="radio" name="licence" value={tier} checked={value === tier} onChange={() => onChange(tier)} />
          <span className="licence-choice__text">
            <span className="licence-choice__name">{licenceShortLabel(tier)}</span>
            <span className="licence-choice__covers">{WHAT_IT_COVERS[tier]}</span>
          </span>
          <span className="licence-choice__price">{formatPrice(prices[tier]!)}</span>
        </label>
      ))}
      <Link className="licence-choice__terms" to="/license-terms">
        Compare the licenses
      </Link>
    </fieldset>
  );
}

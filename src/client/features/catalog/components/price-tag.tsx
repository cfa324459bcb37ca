import { formatUsd } from '#shared/money.ts';
import { shownPrice, type ArtworkPrices } from '../shown-price';

export function PriceTag({ artwork, large = false }: { artwork: ArtworkPrices; large?: boolean }) {
  const { price, was, percentOff } = shownPrice(artwork);
  return (
    <p className={`price-tag${large ? ' price-tag--large' : ''}`}>
      <span className="price-tag__price">{formatUsd(price)}</span>
      {percentOff !== null && was !== null && (
        <>
          <s className="price-tag__original" aria-label={`was ${formatUsd(was)}`}>
            {formatUsd(was)}
          </s>
          {large && <span className="badge badge--sale">Save {percentOff}%</span>}
        </>
      )}
    </p>
  );
}

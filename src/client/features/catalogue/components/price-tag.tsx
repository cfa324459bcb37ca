import { useMoney } from '#client/lib/store-settings.ts';
import { shownPrice, type ArtworkPrices } from '../shown-price';

export function PriceTag({ artwork, large = false }: { artwork: ArtworkPrices; large?: boolean }) {
  const { formatPrice } = useMoney();
  const { price, was, percentOff } = shownPrice(artwork);
  if (artwork.payWhatYouWant) {
    const { minimum } = artwork.payWhatYouWant;
    return (
      <p className={`price-tag${large ? ' price-tag--large' : ''}`}>
        {/* Not a price-tag__price: that one is always an amount, which the pages and their tests read as such. */}
        <span className="price-tag__chosen">Pay what you want</span>
        <span className="price-tag__note">{minimum === 0 ? 'free or any amount' : `from ${formatPrice(minimum)}`}</span>
      </p>
    );
  }
  return (
    <p className={`price-tag${large ? ' price-tag--large' : ''}`}>
      <span className="price-tag__price">{formatPrice(price)}</span>
      {percentOff !== null && was !== null && (
        <>
          <s className="price-tag__original" aria-label={`was ${formatPrice(was)}`}>
            {formatPrice(was)}
          </s>
          {large && <span className="badge badge--sale">Save {percentOff}%</span>}
        </>
      )}
    </p>
  );
}

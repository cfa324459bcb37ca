import { discountPercent, formatUsd } from '#shared/money.ts';

export function PriceTag({
  price,
  originalPrice,
  large = false,
}: {
  price: number;
  originalPrice: number | null;
  large?: boolean;
}) {
  const discount = discountPercent(price, originalPrice);
  return (
    <p className={`price-tag${large ? ' price-tag--large' : ''}`}>
      <span className="price-tag__price">{formatUsd(price)}</span>
      {discount !== null && originalPrice !== null && (
        <>
          <s className="price-tag__original" aria-label={`was ${formatUsd(originalPrice)}`}>
            {formatUsd(originalPrice)}
          </s>
          {large && <span className="badge badge--sale">Save {discount}%</span>}
        </>
      )}
    </p>
  );
}

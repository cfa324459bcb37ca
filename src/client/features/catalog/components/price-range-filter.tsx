import { useEffect, useState } from 'react';
import { formatUsd } from '../../../../shared/money';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PRICE_RANGE } from '../shop-url-state';

interface PriceRangeFilterProps {
  min: number;
  max: number;
  onChange(range: { min: number; max: number }): void;
}

/** Two sliders; the shop hears of a new range once the thumb rests, not at every step of a drag. */
export function PriceRangeFilter({ min, max, onChange }: PriceRangeFilterProps) {
  const [range, setRange] = useState({ min, max });
  const settled = useDebouncedValue(range, 250);

  useEffect(() => setRange({ min, max }), [min, max]);
  useEffect(() => {
    if (settled.min !== min || settled.max !== max) onChange(settled);
    // Only a settled range should reach the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <fieldset className="price-range">
      <legend>
        Price: {formatUsd(range.min)} – {range.max >= PRICE_RANGE.max ? `${formatUsd(PRICE_RANGE.max)}+` : formatUsd(range.max)}
      </legend>
      <label>
        <span>Minimum price</span>
        <input
          type="range"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={range.min}
          onChange={(e) => setRange((r) => ({ min: Math.min(Number(e.target.value), r.max), max: r.max }))}
        />
      </label>
      <label>
        <span>Maximum price</span>
        <input
          type="range"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={range.max}
          onChange={(e) => setRange((r) => ({ min: r.min, max: Math.max(Number(e.target.value), r.min) }))}
        />
      </label>
    </fieldset>
  );
}

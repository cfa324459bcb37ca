import { useEffect, useState } from 'react';
import { useMoney } from '#client/lib/store-settings.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { PRICE_RANGE } from '../shop-url-state';

interface PriceRangeFilterProps {
  min: number;
  max: number;
  onChange: (range: { min: number; max: number }) => void;
}

function PriceSlider({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <label>
      <span>{label}</span>
      <input
        type="range"
        min={PRICE_RANGE.min}
        max={PRICE_RANGE.max}
        step={PRICE_RANGE.step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

/** Two sliders; the shop hears of a new range once the thumb rests, not at every step of a drag. */
export function PriceRangeFilter({ min, max, onChange }: PriceRangeFilterProps) {
  const { formatPrice } = useMoney();
  const [range, setRange] = useState({ min, max });
  const settled = useDebouncedValue(range, 250);

  useEffect(() => setRange({ min, max }), [min, max]);
  useEffect(() => {
    if (settled.min !== min || settled.max !== max) onChange(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled range reaches the URL, not a change of min, max or onChange
  }, [settled]);

  return (
    <fieldset className="price-range">
      <legend>
        Price: {formatPrice(range.min)} –{' '}
        {range.max >= PRICE_RANGE.max ? `${formatPrice(PRICE_RANGE.max)}+` : formatPrice(range.max)}
      </legend>
      <PriceSlider
        label="Minimum price"
        value={range.min}
        onChange={(min) => setRange((r) => ({ min: Math.min(min, r.max), max: r.max }))}
      />
      <PriceSlider
        label="Maximum price"
        value={range.max}
        onChange={(max) => setRange((r) => ({ min: r.min, max: Math.max(max, r.min) }))}
      />
    </fieldset>
  );
}

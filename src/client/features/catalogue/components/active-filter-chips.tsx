import type { ReactNode } from 'react';
import { COLOR_FAMILY_SWATCHES } from '#shared/catalogue/browse-facets.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { frameLabel } from '../frame-options';
import { PRICE_RANGE, type ShopState } from '../shop-url-state';
import { orientationLabel } from './orientation-filter';
import { FamilyDot } from './swatch-dot';

interface Chip {
  key: string;
  label: string;
  remove: Partial<ShopState>;
  dot?: ReactNode;
}

/** The Filters panel's choices as chips, each removing its own filter: seen even while the panel is closed. */
export function ActiveFilterChips({
  state,
  onRemove,
}: {
  state: ShopState;
  onRemove: (changes: Partial<ShopState>) => void;
}) {
  const { formatPrice } = useMoney();
  const chips: Chip[] = [];
  if (state.color) {
    const dot = <FamilyDot family={state.color} />;
    chips.push({ key: 'color', label: COLOR_FAMILY_SWATCHES[state.color].label, remove: { color: undefined }, dot });
  }
  if (state.orientation) {
    chips.push({ key: 'orientation', label: orientationLabel(state.orientation), remove: { orientation: undefined } });
  }
  const frame = state.frame && frameLabel(state.frame);
  if (frame) chips.push({ key: 'frame', label: frame, remove: { frame: undefined } });
  if (state.minPrice > PRICE_RANGE.min || state.maxPrice < PRICE_RANGE.max) {
    const max = state.maxPrice < PRICE_RANGE.max ? formatPrice(state.maxPrice) : `${formatPrice(PRICE_RANGE.max)}+`;
    chips.push({
      key: 'price',
      label: `${formatPrice(state.minPrice)} – ${max}`,
      remove: { minPrice: PRICE_RANGE.min, maxPrice: PRICE_RANGE.max },
    });
  }
  if (chips.length === 0) return null;

  return (
    <ul className="filter-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onRemove(chip.remove)}
          >
            {chip.dot}
            {chip.label}
            <span className="filter-chip__x" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

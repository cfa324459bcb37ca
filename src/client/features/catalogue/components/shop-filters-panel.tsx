import type { ShopState } from '../shop-url-state';
import { ColorFilter } from './color-filter';
import { FrameFilter } from './frame-filter';
import { OrientationFilter } from './orientation-filter';
import { PriceRangeFilter } from './price-range-filter';

interface ShopFiltersPanelProps {
  id: string;
  state: ShopState;
  /** A new value for some filters; `replace` keeps a slider's drag out of the history. */
  onChange: (changes: Partial<ShopState>, replace?: boolean) => void;
}

/** The shop's Filters panel, the same on a phone and a desktop: colour, orientation, frame, then price. */
export function ShopFiltersPanel({ id, state, onChange }: ShopFiltersPanelProps) {
  return (
    <div id={id} className="shop__filters shop-filters">
      <ColorFilter value={state.color} onChange={(color) => onChange({ color })} />
      <div className="shop-filters__row">
        <OrientationFilter value={state.orientation} onChange={(orientation) => onChange({ orientation })} />
        <FrameFilter value={state.frame} onChange={(frame) => onChange({ frame })} />
      </div>
      <PriceRangeFilter
        min={state.minPrice}
        max={state.maxPrice}
        onChange={(range) => onChange({ minPrice: range.min, maxPrice: range.max }, true)}
      />
    </div>
  );
}

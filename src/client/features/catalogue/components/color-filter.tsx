import { COLOR_FAMILIES, COLOR_FAMILY_SWATCHES, type ColorFamily } from '#shared/catalogue/browse-facets.ts';
import { FamilyDot } from './swatch-dot';

interface ColorFilterProps {
  value: ColorFamily | undefined;
  /** undefined: the chosen colour was clicked again, which clears it. */
  onChange: (color: ColorFamily | undefined) => void;
}

/**
 * One colour at a time (decision 0050): a row of toggle buttons, each named by its colour for screen readers and
 * shown by name in a tooltip on hover and focus; the chosen one also says its name in the legend and wears a tick,
 * so the choice does not rest on colour alone.
 */
export function ColorFilter({ value, onChange }: ColorFilterProps) {
  return (
    <fieldset className="shop-filter color-filter">
      <legend className="shop-filter__legend">
        Color{value && <span className="shop-filter__value">: {COLOR_FAMILY_SWATCHES[value].label}</span>}
      </legend>
      <div className="color-filter__swatches">
        {COLOR_FAMILIES.map((family) => {
          const { label } = COLOR_FAMILY_SWATCHES[family];
          const chosen = value === family;
          return (
            <button
              key={family}
              type="button"
              className="color-filter__swatch"
              aria-pressed={chosen}
              aria-label={label}
              data-label={label}
              onClick={() => onChange(chosen ? undefined : family)}
            >
              <FamilyDot family={family} />
              {chosen && (
                <svg className="color-filter__tick" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M5 10.5l3.5 3.5L15 7" />
                </svg>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

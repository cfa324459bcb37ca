import { FormField } from '#client/components/ui/form-field.tsx';
import { useMoney } from '#client/lib/store-settings.ts';

export interface LicenceFieldValues {
  offersPersonal: boolean;
  offersCommercial: boolean;
  /** The form's text; empty while commercial is not offered. */
  commercialPrice: string;
}

/**
 * Which licences the artwork is sold under: Personal at the Price above, Commercial at its own price. The server
 * refuses none at all, and Commercial without a price, naming the field.
 */
export function LicenceFields({
  values,
  onChange,
}: {
  values: LicenceFieldValues;
  onChange: (next: LicenceFieldValues) => void;
}) {
  const { code } = useMoney();
  const none = !values.offersPersonal && !values.offersCommercial;
  return (
    <fieldset className="artwork-form__licences">
      <legend>Licenses offered</legend>
      <label>
        <input
          type="checkbox"
          checked={values.offersPersonal}
          onChange={(e) => onChange({ ...values, offersPersonal: e.target.checked })}
        />{' '}
        Personal (at the Price above)
      </label>
      <label>
        <input
          type="checkbox"
          checked={values.offersCommercial}
          onChange={(e) => onChange({ ...values, offersCommercial: e.target.checked })}
        />{' '}
        Commercial
      </label>
      {values.offersCommercial && (
        <FormField
          label={`Commercial price (${code})`}
          type="number"
          step="0.01"
          min="0"
          required
          value={values.commercialPrice}
          onChange={(e) => onChange({ ...values, commercialPrice: e.target.value })}
        />
      )}
      {none && <p className="form-field__error">Offer at least one license.</p>}
    </fieldset>
  );
}

import { FormField } from '#client/components/ui/form-field.tsx';
import { useMoney } from '#client/lib/store-settings.ts';

export interface PayWhatYouWantValues {
  payWhatYouWant: boolean;
  /** The form's text; empty until the owner types one. */
  minimumPrice: string;
}

/**
 * Pay what you want: the buyer chooses the amount, at least the minimum (0 lets them download it free), starting
 * at the Price above, which becomes the suggested price. Such an artwork is sold under the personal licence only,
 * so the licence choice gives way to a note. The server checks the pair and names the field it refuses.
 */
export function PayWhatYouWantFields({
  values,
  onChange,
}: {
  values: PayWhatYouWantValues;
  onChange: (next: PayWhatYouWantValues) => void;
}) {
  const { code } = useMoney();
  return (
    <fieldset className="artwork-form__licences">
      <legend>Pricing</legend>
      <label>
        <input
          type="checkbox"
          checked={values.payWhatYouWant}
          onChange={(e) => onChange({ ...values, payWhatYouWant: e.target.checked })}
        />{' '}
        Pay what you want: the buyer chooses the amount
      </label>
      {values.payWhatYouWant && (
        <>
          <FormField
            label={`Minimum price (${code})`}
            type="number"
            step="0.01"
            min="0"
            required
            hint="0 lets buyers download it for free. The Price above is the suggested amount."
            value={values.minimumPrice}
            onChange={(e) => onChange({ ...values, minimumPrice: e.target.value })}
          />
          <p className="muted">Sold with the Personal license only, one per order.</p>
        </>
      )}
    </fieldset>
  );
}

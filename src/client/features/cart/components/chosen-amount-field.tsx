import { FormField } from '#client/components/ui/form-field.tsx';
import { useMoney } from '#client/lib/store-settings.ts';

/**
 * The amount a buyer chooses for a pay-what-you-want artwork, with its minimum beside it and the refusal, when
 * there is one, tied to the field (shown once the buyer changed it, or asked to buy: `showProblem`).
 */
export function ChosenAmountField({
  label,
  accessibleName,
  minimum,
  text,
  onText,
  problem,
  showProblem,
}: {
  label: string;
  /** The input's name for screen readers when the label shown is not enough (a cart of several lines). */
  accessibleName?: string;
  minimum: number;
  text: string;
  onText: (text: string) => void;
  problem: string | null;
  showProblem: boolean;
}) {
  const { code, formatPrice } = useMoney();
  const hint =
    minimum === 0 ? `Minimum ${formatPrice(0)}: enter 0 to download it for free.` : `Minimum ${formatPrice(minimum)}`;
  return (
    <div className="chosen-amount">
      <FormField
        label={`${label} (${code})`}
        inputMode="decimal"
        autoComplete="off"
        {...(accessibleName ? { 'aria-label': accessibleName } : {})}
        value={text}
        onChange={(event) => onText(event.target.value)}
        hint={hint}
        {...(showProblem && problem ? { error: problem } : {})}
      />
    </div>
  );
}

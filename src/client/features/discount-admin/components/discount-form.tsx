import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { CATEGORIES, type CategoryId } from '#shared/catalogue/categories.ts';
import {
  DISCOUNT_KINDS,
  KIND_LABELS,
  type DiscountKind,
  type DiscountScope,
} from '#shared/discounts/discount-admin.ts';
import type { AdminDiscount } from '#shared/discounts/discounts-schema.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { useSaveDiscount } from '../api/discount-admin-mutations';
import { bodyOf, initialValues, problemsByField, type DiscountFormValues } from '../discount-form-values';
import { ArtworkPicker } from './artwork-picker';
import { Choice, ChoiceGroup } from './discount-choices';

interface DiscountFormProps {
  /** The discount being edited; without it the form makes a new one. */
  discount?: AdminDiscount;
  onSaved: (saved: AdminDiscount) => void;
  onCancel: () => void;
}

const KIND_HINTS: Record<DiscountKind, string> = {
  code: 'Buyers type it at checkout.',
  sale: 'Lowers the prices shown in the shop while it runs.',
  quantity: 'Comes off by itself once the cart has enough artworks.',
};

type TypedField =
  'code' | 'name' | 'percentOff' | 'amountOff' | 'startsAt' | 'endsAt' | 'maxUses' | 'minSubtotal' | 'minQuantity';
type FieldExtras = InputHTMLAttributes<HTMLInputElement> & { hint?: ReactNode };
const MONEY: FieldExtras = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0.01' };
const wholeNumber = (min: number): FieldExtras => ({
  type: 'number',
  inputMode: 'numeric',
  step: '1',
  min: String(min),
});

const SCOPES: ReadonlyArray<[DiscountScope, string]> = [
  ['all', 'Everything'],
  ['artworks', 'Chosen artworks'],
  ['categories', 'Chosen categories'],
];

/** A group of radio buttons or checkboxes with its legend and its error tied to it. */
/** One form for every kind: a new discount, or an edit of one. The fields shown are the kind's and the scope's. */
export function DiscountForm({ discount, onSaved, onCancel }: DiscountFormProps) {
  const { code: currencyCode } = useMoney();
  const save = useSaveDiscount();
  const [values, setValues] = useState(() => initialValues(discount));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Counts the server's refusals: after each, once the errors are on screen, the first field at fault gets the focus. */
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused === 0) return;
    form.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], .discount-form__group:has(.form-field__error) input')
      ?.focus();
  }, [refused]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row far down the list: the owner is taken to the form, and a screen reader hears its title.
  useEffect(() => heading.current?.focus(), []);
  const name = useId();
  const editing = discount !== undefined;
  const isCode = values.kind === 'code';
  // Orders and receipts show a used code's text: it stays as it is (the server refuses a change too).
  const codeFixed = editing && discount.uses + discount.heldUses > 0;

  const set = <K extends keyof DiscountFormValues>(field: K, value: DiscountFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };
  // A code is kept upper-case: the owner sees it as buyers will.
  const typed = (key: TypedField) => (event: { target: { value: string } }) =>
    set(key, key === 'code' ? event.target.value.toUpperCase() : event.target.value);
  const problemOf = (field: string) => problems[field];
  /** A typed field, tied to its value and to the server's word on it. */
  const field = (key: TypedField, label: string, extra: FieldExtras = {}) => (
    <FormField label={label} value={values[key]} onChange={typed(key)} error={problemOf(key)} {...extra} />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      onSaved(await save.mutateAsync({ id: discount?.id, body: bodyOf(values) }));
    } catch (error) {
      const byField = error instanceof ApiError ? problemsByField(error.details) : {};
      setProblems(byField);
      setFailure(
        Object.keys(byField).length
          ? 'Please correct the marked fields.'
          : errorMessage(error, 'Saving failed. Please try again.'),
      );
      setRefused((count) => count + 1);
    }
  }

  return (
    <form
      ref={form}
      className="discount-form"
      aria-labelledby={`${name}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={`${name}-title`} ref={heading} tabIndex={-1}>
        {editing ? `Edit ${discount.kind === 'code' ? discount.code : `“${discount.name}”`}` : 'New discount'}
      </h2>
      {editing ? (
        <p className="discount-form__kind">
          <strong>{KIND_LABELS[values.kind]}</strong> <span className="muted">{KIND_HINTS[values.kind]}</span>
        </p>
      ) : (
        <ChoiceGroup legend="Kind" error={problemOf('kind')}>
          {DISCOUNT_KINDS.map((kind) => (
            <Choice
              key={kind}
              type="radio"
              name={`${name}-kind`}
              checked={values.kind === kind}
              onChange={() => set('kind', kind)}
            >
              {KIND_LABELS[kind]} <span className="muted">{KIND_HINTS[kind]}</span>
            </Choice>
          ))}
        </ChoiceGroup>
      )}

      <div className="discount-form__grid">
        {isCode &&
          field('code', 'Code', {
            autoCapitalize: 'characters',
            spellCheck: false,
            disabled: codeFixed,
            hint: codeFixed
              ? 'Orders have used this code: its text stays as it is.'
              : 'Letters, digits and dashes, 2 to 32. Buyers may type it in any case.',
          })}
        {field('name', isCode ? 'Name (optional, for you)' : 'Name buyers see', {
          placeholder: values.kind === 'quantity' ? '3 or more artworks: 25 % off' : undefined,
        })}
      </div>

      {isCode && (
        <ChoiceGroup legend="Takes off">
          <Choice
            type="radio"
            name={`${name}-value`}
            checked={values.valueType === 'percent'}
            onChange={() => set('valueType', 'percent')}
          >
            A percentage
          </Choice>
          <Choice
            type="radio"
            name={`${name}-value`}
            checked={values.valueType === 'amount'}
            onChange={() => set('valueType', 'amount')}
          >
            A fixed amount
          </Choice>
        </ChoiceGroup>
      )}
      <div className="discount-form__grid">
        {isCode && values.valueType === 'amount'
          ? field('amountOff', `Amount off (${currencyCode})`, MONEY)
          : field('percentOff', 'Percentage off', { ...wholeNumber(1), max: '100' })}
        {values.kind === 'quantity' &&
          field('minQuantity', 'Minimum quantity', {
            ...wholeNumber(2),
            hint: 'Artworks in the cart, counted among those it applies to.',
          })}
        {field('startsAt', 'Starts (optional)', { type: 'datetime-local' })}
        {field('endsAt', 'Ends (optional)', { type: 'datetime-local' })}
        {isCode && field('maxUses', 'Total uses (optional)', { ...wholeNumber(1), hint: 'Blank: no limit.' })}
        {isCode &&
          field('minSubtotal', 'Minimum subtotal (optional)', {
            ...MONEY,
            hint: `In ${currencyCode}, before the code.`,
          })}
      </div>

      {isCode && (
        <div className="discount-form__flags">
          <Choice type="checkbox" checked={values.oncePerCustomer} onChange={(on) => set('oncePerCustomer', on)}>
            Once per customer
          </Choice>
          <Choice type="checkbox" checked={values.combinesWithSales} onChange={(on) => set('combinesWithSales', on)}>
            Combines with automatic sales{' '}
            <span className="muted">(otherwise the buyer gets whichever price is lower)</span>
          </Choice>
        </div>
      )}

      <ChoiceGroup legend="Applies to" error={problemOf('scope')}>
        {SCOPES.map(([scope, label]) => (
          <Choice
            key={scope}
            type="radio"
            name={`${name}-scope`}
            checked={values.scope === scope}
            onChange={() => set('scope', scope)}
          >
            {label}
          </Choice>
        ))}
      </ChoiceGroup>
      {values.scope === 'artworks' && (
        <ArtworkPicker
          chosen={values.artworks}
          onChange={(artworks) => set('artworks', artworks)}
          error={problemOf('artworkIds')}
        />
      )}
      {values.scope === 'categories' && (
        <ChoiceGroup legend="Categories" error={problemOf('categoryIds')} grid>
          {CATEGORIES.map((category) => (
            <Choice
              key={category.id}
              type="checkbox"
              checked={values.categoryIds.includes(category.id)}
              onChange={(on) =>
                set(
                  'categoryIds',
                  on
                    ? [...values.categoryIds, category.id]
                    : values.categoryIds.filter((id): id is CategoryId => id !== category.id),
                )
              }
            >
              {category.name}
            </Choice>
          ))}
        </ChoiceGroup>
      )}

      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <p className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save Changes' : 'Create Discount'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

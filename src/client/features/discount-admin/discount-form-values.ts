import type { CategoryId } from '#shared/catalogue/categories.ts';
import type { DiscountKind, DiscountScope } from '#shared/discounts/discount-admin.ts';
import type { AdminDiscount, DiscountWriteBody } from '#shared/discounts/discounts-schema.ts';

// The discount form's values as typed, and the body the API takes from them. The server checks every rule and names
// the field at fault; this only sends what belongs to the kind and scope chosen, so switching kinds back and forth
// never sends a leftover the server would refuse.

export interface DiscountFormValues {
  kind: DiscountKind;
  code: string;
  name: string;
  /** A code takes a percentage or an amount off; sales and quantity breaks a percentage. */
  valueType: 'percent' | 'amount';
  percentOff: string;
  /** In the store's currency. */
  amountOff: string;
  /** `datetime-local` values, in the owner's own time zone. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerCustomer: boolean;
  minSubtotal: string;
  minQuantity: string;
  scope: DiscountScope;
  artworks: Array<{ id: number; title: string }>;
  categoryIds: CategoryId[];
  combinesWithSales: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function initialValues(discount?: AdminDiscount): DiscountFormValues {
  return {
    kind: discount?.kind ?? 'code',
    code: discount?.code ?? '',
    // A code's name is its text unless the owner gave it another.
    name: discount && discount.name !== discount.code ? discount.name : '',
    valueType: discount?.amountOff != null ? 'amount' : 'percent',
    percentOff: text(discount?.percentOff ?? null),
    amountOff: discount?.amountOff == null ? '' : discount.amountOff.toFixed(2),
    startsAt: toLocalInput(discount?.startsAt ?? null),
    endsAt: toLocalInput(discount?.endsAt ?? null),
    maxUses: text(discount?.maxUses ?? null),
    oncePerCustomer: discount?.oncePerCustomer ?? false,
    minSubtotal: discount?.minSubtotal == null ? '' : discount.minSubtotal.toFixed(2),
    minQuantity: text(discount?.minQuantity ?? null),
    scope: discount?.scope ?? 'all',
    artworks: discount?.artworks ?? [],
    categoryIds: discount?.categoryIds ?? [],
    combinesWithSales: discount?.combinesWithSales ?? false,
  };
}

/**
 * A number field: blank is none (null); a number is sent as one; anything else is sent as typed, so the server's
 * refusal names the field rather than the browser quietly sending nothing.
 */
function numberOf(typed: string): number | string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** A `datetime-local` value as an instant; one that is not a date is sent as typed, for the server to name. */
function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function bodyOf(values: DiscountFormValues): DiscountWriteBody {
  const isCode = values.kind === 'code';
  const amount = isCode && values.valueType === 'amount';
  const body = {
    kind: values.kind,
    code: isCode ? values.code : null,
    name: values.name,
    percentOff: amount ? null : numberOf(values.percentOff),
    amountOff: amount ? numberOf(values.amountOff) : null,
    startsAt: instantOf(values.startsAt),
    endsAt: instantOf(values.endsAt),
    maxUses: isCode ? numberOf(values.maxUses) : null,
    oncePerCustomer: isCode && values.oncePerCustomer,
    minSubtotal: isCode ? numberOf(values.minSubtotal) : null,
    minQuantity: values.kind === 'quantity' ? numberOf(values.minQuantity) : null,
    scope: values.scope,
    artworkIds: values.scope === 'artworks' ? values.artworks.map((artwork) => artwork.id) : [],
    categoryIds: values.scope === 'categories' ? values.categoryIds : [],
    combinesWithSales: isCode && values.combinesWithSales,
  };
  // Text left in a number field goes as typed: the server answers with the field's own message.
  return body as DiscountWriteBody;
}

/** The server's details by the form's field: 'categoryIds.0' is the categories' problem. */
export function problemsByField(details: Record<string, string[]> | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, messages] of Object.entries(details ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (messages[0] && !problems[field]) problems[field] = messages[0];
  }
  return problems;
}

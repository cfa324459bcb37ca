import { useState } from 'react';
import { CATEGORIES } from '#shared/catalogue/categories.ts';
import { discountValueText, KIND_LABELS, STATUS_LABELS } from '#shared/discounts/discount-admin.ts';
import type { AdminDiscount } from '#shared/discounts/discounts-schema.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { toCents } from '#shared/money/money.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import { useSetDiscountActive } from '../api/discount-admin-mutations';
import { useDiscounts } from '../api/discount-admin-queries';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';

const categoryName = new Map(CATEGORIES.map((category) => [category.id, category.name]));

function valueOf(discount: AdminDiscount, currency: StoreCurrency): string {
  const off = discountValueText(
    {
      percentOff: discount.percentOff,
      amountOffCents: discount.amountOff === null ? null : toCents(discount.amountOff),
    },
    currency,
  );
  return discount.kind === 'quantity' ? `${off} from ${discount.minQuantity} artworks` : off;
}

function scopeOf(discount: AdminDiscount): string {
  if (discount.scope === 'all') return 'Everything';
  if (discount.scope === 'categories')
    return discount.categoryIds.map((id) => categoryName.get(id) ?? id).join(', ') || 'No category';
  const count = discount.artworks.length;
  return count === 1 ? (discount.artworks[0]?.title ?? '1 artwork') : `${count} artworks`;
}

function datesOf(discount: AdminDiscount): string {
  const { startsAt, endsAt } = discount;
  if (startsAt && endsAt) return `${formatLongDateTime(startsAt)} – ${formatLongDateTime(endsAt)}`;
  if (startsAt) return `From ${formatLongDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatLongDateTime(endsAt)}`;
  return 'No end date';
}

/**
 * '3 / 10', '3 / no limit', the uses held by open checkouts and those paid past the limit; sales and breaks are not
 * counted.
 */
function Uses({ discount }: { discount: AdminDiscount }) {
  const { formatCents } = useMoney();
  if (discount.kind !== 'code') return <span className="muted">Not counted</span>;
  return (
    <>
      {discount.uses} / {discount.maxUses ?? 'no limit'}
      {discount.heldUses > 0 && <div className="muted">{discount.heldUses} held at checkout</div>}
      {discount.overspentUses > 0 && (
        <div className="discount-overspent" title="Paid by a checkout whose hold had run out: the payment was kept.">
          {discount.overspentUses} over the limit
        </div>
      )}
      {discount.uses > 0 && (
        <div className="muted">
          {formatCents(discount.revenue)} paid, {formatCents(discount.discounted)} off
        </div>
      )}
    </>
  );
}

interface DiscountListProps {
  onEdit: (id: number) => void;
  /** A discount is being switched on or off: the page's last word (a save) is old news. */
  onToggle: () => void;
}

/** Every discount, newest first: a table on a desktop, a card each on a phone. */
export function DiscountList({ onEdit, onToggle }: DiscountListProps) {
  const { currency } = useMoney();
  const discounts = useDiscounts();
  const setActive = useSetDiscountActive();
  const [confirming, setConfirming] = useState<AdminDiscount | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const labelOf = (discount: AdminDiscount) => (discount.kind === 'code' ? discount.code : discount.name) ?? '';
  const confirm = async () => {
    if (!confirming) return;
    const { id, active } = confirming;
    const label = labelOf(confirming);
    setConfirming(null);
    try {
      await setActive.mutateAsync({ id, active: !active });
      setOutcome({ kind: 'success', text: `${label} is ${active ? 'deactivated' : 'active again'}.` });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorMessage(error, 'The change failed. Please try again.') });
    }
  };

  if (discounts.isPending) return <p className="muted">Loading...</p>;
  if (discounts.isError) return <FormMessage kind="error">Failed to load discounts. Please try again.</FormMessage>;

  return (
    <section aria-labelledby="discount-list-heading">
      <h2 id="discount-list-heading">All discounts</h2>
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      {discounts.data.length === 0 ? (
        <div className="empty-state">
          <h3>No discounts yet</h3>
          <p className="muted">Make a code for buyers to type, a sale, or a quantity break.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="admin-table discount-table">
            <ColumnHeads
              columns={[
                'Discount',
                'Value',
                'Dates',
                'Status',
                'Uses',
                <span className="visually-hidden">Actions</span>,
              ]}
            />
            <tbody>
              {discounts.data.map((discount) => (
                <tr key={discount.id}>
                  <td className="discount-table__name">
                    <strong>{labelOf(discount)}</strong>
                    <div className="muted">
                      {KIND_LABELS[discount.kind]}
                      {discount.kind === 'code' && discount.name !== discount.code ? ` · ${discount.name}` : ''}
                    </div>
                  </td>
                  <td data-label="Value">
                    {valueOf(discount, currency)}
                    <div className="muted">{scopeOf(discount)}</div>
                  </td>
                  <td data-label="Dates">{datesOf(discount)}</td>
                  <td data-label="Status">
                    <span className={`badge discount-status discount-status--${discount.status}`}>
                      {STATUS_LABELS[discount.status]}
                    </span>
                  </td>
                  <td data-label="Uses">
                    <Uses discount={discount} />
                  </td>
                  <td>
                    <div className="admin-table__actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Edit ${labelOf(discount)}`}
                        onClick={() => onEdit(discount.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button"
                        aria-label={`${discount.active ? 'Deactivate' : 'Activate'} ${labelOf(discount)}`}
                        disabled={setActive.isPending}
                        onClick={() => {
                          setOutcome(null);
                          onToggle();
                          setConfirming(discount);
                        }}
                      >
                        {discount.active ? 'Deactivate' : 'Activate'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirming?.active ? 'Deactivate' : 'Activate'} ${confirming ? labelOf(confirming) : ''}?`}
        message={
          confirming?.active
            ? confirming.kind === 'code'
              ? 'Buyers can no longer use this code. Orders that used it keep their price.'
              : 'It stops applying at once. Orders that got it keep their price.'
            : 'It applies again, within its dates.'
        }
        confirmLabel={confirming?.active ? 'Deactivate' : 'Activate'}
        danger={confirming?.active ?? true}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

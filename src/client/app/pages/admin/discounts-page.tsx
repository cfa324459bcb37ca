import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useDiscounts } from '#client/features/discount-admin/api/discount-admin-queries.ts';
import { DiscountForm } from '#client/features/discount-admin/components/discount-form.tsx';
import { DiscountList } from '#client/features/discount-admin/components/discount-list.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/discount-admin/discount-admin.css';

/**
 * The owner's discount codes, automatic sales and quantity breaks: the list, and the form above it to make one
 * (`?new`) or edit one (`?edit=<id>`), kept in the address so Back closes the form.
 */
export default function AdminDiscountsPage() {
  const [params, setParams] = useSearchParams();
  const discounts = useDiscounts();
  const [saved, setSaved] = useState<string | null>(null);
  const editId = Number(params.get('edit'));
  const editing = discounts.data?.find((discount) => discount.id === editId);
  const creating = params.has('new');
  const open = (next: Record<string, string>) => {
    setSaved(null);
    setParams(next);
  };

  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/discounts'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]}>
        {!creating && !editing && (
          <button type="button" className="button button--primary" onClick={() => open({ new: '' })}>
            New Discount
          </button>
        )}
      </OwnerHeader>
      {saved && <FormMessage kind="success">{saved}</FormMessage>}
      {(creating || editing) && (
        <DiscountForm
          key={editing?.id ?? 'new'}
          discount={editing}
          onSaved={(discount) => {
            setParams({});
            setSaved(`${discount.kind === 'code' ? discount.code : discount.name} is saved.`);
          }}
          onCancel={() => setParams({})}
        />
      )}
      {params.has('edit') && discounts.data && !editing && (
        <FormMessage kind="error">That discount no longer exists.</FormMessage>
      )}
      <DiscountList onEdit={(id) => open({ edit: String(id) })} onToggle={() => setSaved(null)} />
    </div>
  );
}

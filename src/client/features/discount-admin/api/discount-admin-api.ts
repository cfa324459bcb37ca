import type { CatalogPage } from '#shared/catalogue/catalogue-query-schema.ts';
import type { AdminDiscount, AdminDiscountList, DiscountWriteBody } from '#shared/discounts/discounts-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

const discountPath = (id: number) => `/api/admin/discounts/${id}`;

export const discountAdminApi = {
  list: async (signal?: AbortSignal) => (await fetchJson<AdminDiscountList>('/api/admin/discounts', { signal })).items,
  create: (body: DiscountWriteBody) => postJson<AdminDiscount>('/api/admin/discounts', body),
  update: (id: number, body: DiscountWriteBody) =>
    fetchJson<AdminDiscount>(discountPath(id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  setActive: (id: number, active: boolean) =>
    postJson<AdminDiscount>(`${discountPath(id)}/${active ? 'activate' : 'deactivate'}`, {}),
  /** The shop's own search, by title (among other words): the owner picks the artworks a discount covers. */
  searchArtworks: async (q: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ q, limit: '8' });
    return (await fetchJson<CatalogPage>(`/api/artworks?${query.toString()}`, { signal })).items;
  },
};

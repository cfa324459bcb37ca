import type { MessageResponse } from '#shared/accounts/auth-schema.ts';
import type { ConsentKind, ConsentStatus } from '#shared/mailing/consent-kinds.ts';
import { ONE_CLICK_BODY, ONE_CLICK_UNSUBSCRIBE_PATH } from '#shared/mailing/mailing-list.ts';
import type { ConfirmConsentAnswer, ImportAnswer, SubscriberList } from '#shared/mailing/mailing-list-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const mailingListApi = {
  subscribe: async (email: string, kinds: ConsentKind[]) =>
    (await postJson<MessageResponse>('/api/mailing-list/subscribe', { email, kinds })).message,
  confirm: (token: string) => postJson<ConfirmConsentAnswer>('/api/mailing-list/confirm', { token }),
  /** The page's button posts what a mail program's one-click does: the same endpoint, the same form body. */
  unsubscribe: async (link: { email: string; kind: string; token: string }) =>
    (
      await fetchJson<MessageResponse>(`${ONE_CLICK_UNSUBSCRIBE_PATH}?${new URLSearchParams(link)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: ONE_CLICK_BODY,
      })
    ).message,
  subscribers: (filter: { kind?: ConsentKind; status?: ConsentStatus }) => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
    return fetchJson<SubscriberList>(`/api/admin/mailing-list${query.size ? `?${query}` : ''}`);
  },
  importCsv: (csv: string) => postJson<ImportAnswer>('/api/admin/mailing-list/import', { csv }),
};

export const EXPORT_CSV_URL = '/api/admin/mailing-list/export.csv';

import type { Account, SignedOutOthers } from '#shared/accounts/account-schema.ts';
import type { MessageResponse } from '#shared/accounts/auth-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const accountApi = {
  get: () => fetchJson<Account>('/api/account'),
  changeEmail: async (newEmail: string, password: string) =>
    (await postJson<MessageResponse>('/api/account/email', { newEmail, password })).message,
  confirmEmailChange: async (token: string) =>
    (await postJson<MessageResponse>('/api/account/email/confirm', { token })).message,
  changePassword: async (currentPassword: string, newPassword: string) =>
    (await postJson<MessageResponse>('/api/account/password', { currentPassword, newPassword })).message,
  signOutOthers: () => postJson<SignedOutOthers>('/api/account/sign-out-others', {}),
  deleteAccount: async (password: string) =>
    (await postJson<MessageResponse>('/api/account/delete', { password })).message,
};

/** Where the browser downloads the buyer's copy of their data: a plain link, the server names the file. */
export const dataExportUrl = (format: 'json' | 'csv') => `/api/account/export/${format}`;

import type { MessageResponse, SessionResponse, SessionUser } from '#shared/accounts/auth-schema.ts';
import type { ConsentKind } from '#shared/mailing/consent-kinds.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const authApi = {
  session: async (): Promise<SessionUser | null> => (await fetchJson<SessionResponse>('/api/auth/session')).user,
  signIn: async (email: string, password: string): Promise<SessionUser> => {
    const { user } = await postJson<SessionResponse>('/api/auth/sign-in', { email, password });
    if (!user) throw new Error('Login failed');
    return user;
  },
  signOut: () => postJson<null>('/api/auth/sign-out', {}),
  /** `listConsents`: the mailing list's boxes ticked, each confirmed by e-mail afterwards. */
  signUp: async (email: string, password: string, listConsents: readonly ConsentKind[] = []) =>
    (await postJson<MessageResponse>('/api/auth/sign-up', { email, password, listConsents })).message,
  confirm: async (token: string) => (await postJson<MessageResponse>('/api/auth/confirm', { token })).message,
  resendConfirmation: async (email: string) =>
    (await postJson<MessageResponse>('/api/auth/resend-confirmation', { email })).message,
  forgotPassword: async (email: string) =>
    (await postJson<MessageResponse>('/api/auth/forgot-password', { email })).message,
  resetPassword: async (token: string, password: string) =>
    (await postJson<MessageResponse>('/api/auth/reset-password', { token, password })).message,
};

import type { SessionUser } from '../../../../shared/auth-schema';
import { fetchJson, postJson } from '../../../lib/api-client';

interface SessionReply {
  user: SessionUser | null;
}

interface MessageReply {
  message: string;
}

export const authApi = {
  session: async (): Promise<SessionUser | null> => (await fetchJson<SessionReply>('/api/auth/session')).user,
  signIn: async (email: string, password: string): Promise<SessionUser> => {
    const { user } = await postJson<SessionReply>('/api/auth/sign-in', { email, password });
    if (!user) throw new Error('Login failed');
    return user;
  },
  signOut: () => postJson<null>('/api/auth/sign-out', {}),
  signUp: async (email: string, password: string) => (await postJson<MessageReply>('/api/auth/sign-up', { email, password })).message,
  confirm: async (token: string) => (await postJson<MessageReply>('/api/auth/confirm', { token })).message,
  resendConfirmation: async (email: string) =>
    (await postJson<MessageReply>('/api/auth/resend-confirmation', { email })).message,
  forgotPassword: async (email: string) => (await postJson<MessageReply>('/api/auth/forgot-password', { email })).message,
  resetPassword: async (token: string, password: string) =>
    (await postJson<MessageReply>('/api/auth/reset-password', { token, password })).message,
};

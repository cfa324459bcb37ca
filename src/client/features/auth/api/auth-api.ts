import { z } from 'zod';
import { messageResponseSchema, sessionResponseSchema, type SessionUser } from '../../../../shared/auth';
import { fetchJson, postJson } from '../../../lib/api-client';

export const authApi = {
  session: async (): Promise<SessionUser | null> => (await fetchJson('/api/auth/session', sessionResponseSchema)).user,
  signIn: async (email: string, password: string): Promise<SessionUser> => {
    const { user } = await postJson('/api/auth/sign-in', { email, password }, sessionResponseSchema);
    if (!user) throw new Error('Login failed');
    return user;
  },
  signOut: () => postJson('/api/auth/sign-out', {}, z.null()),
  signUp: async (email: string, password: string) => (await postJson('/api/auth/sign-up', { email, password }, messageResponseSchema)).message,
  confirm: async (token: string) => (await postJson('/api/auth/confirm', { token }, messageResponseSchema)).message,
  resendConfirmation: async (email: string) =>
    (await postJson('/api/auth/resend-confirmation', { email }, messageResponseSchema)).message,
  forgotPassword: async (email: string) => (await postJson('/api/auth/forgot-password', { email }, messageResponseSchema)).message,
  resetPassword: async (token: string, password: string) =>
    (await postJson('/api/auth/reset-password', { token, password }, messageResponseSchema)).message,
};

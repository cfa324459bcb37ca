import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { authApi } from './api/auth-api';

export type AuthState =
  | { status: 'loading'; user: null }
  /** `leaving`: the visitor pressed Logout on this page (the header takes them to /login itself). */
  | { status: 'signed-out'; user: null; leaving?: boolean }
  | { status: 'signed-in'; user: SessionUser };

interface AuthContextValue {
  state: AuthState;
  signIn: (email: string, password: string) => Promise<SessionUser>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);
/** Where the session lives in the query cache; the server renderer fills it with the requesting user. */
export const SESSION_KEY = ['auth', 'session'] as const;

/**
 * The auth states: loading while the session is checked, then signed out or signed in. The session itself
 * is an HttpOnly cookie the page never sees; this only mirrors what the server says about it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: authApi.session, staleTime: 5 * 60_000, retry: 1 });
  const [leaving, setLeaving] = useState(false);

  const value = useMemo<AuthContextValue>(() => {
    const user = session.data ?? null;
    const state: AuthState = session.isPending
      ? { status: 'loading', user: null }
      : user
        ? { status: 'signed-in', user }
        : { status: 'signed-out', user: null, leaving };
    return {
      state,
      async signIn(email, password) {
        const signedIn = await authApi.signIn(email, password);
        setLeaving(false);
        queryClient.setQueryData(SESSION_KEY, signedIn);
        return signedIn;
      },
      async signOut() {
        // Marked before the session ends, so no render sees the visitor signed out without it.
        setLeaving(true);
        try {
          await authApi.signOut();
        } catch (error) {
          setLeaving(false);
          throw error;
        }
        queryClient.setQueryData(SESSION_KEY, null);
      },
    };
  }, [session.data, session.isPending, queryClient, leaving]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../components/ui/toast';
import { AuthProvider } from '../features/auth/auth-provider';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    // The catalogue changes rarely; a minute of freshness saves refetching on every page change.
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

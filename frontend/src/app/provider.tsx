import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { useApplyTheme } from '@/features/settings/hooks/use-apply-theme';
import { useCarryDefaultAnswers } from '@/lib/competition/default-answers';
import { createQueryClient } from '@/lib/query-client';

function ThemeSync() {
  useApplyTheme();
  // A fresh device's first answers (the server's default) stand for the competition once it is named.
  useCarryDefaultAnswers();
  return null;
}

/** Everything the screens expect around them: query cache, jotai store, toasts, theme. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <JotaiProvider>
        <ThemeSync />
        <ToastProvider>{children}</ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

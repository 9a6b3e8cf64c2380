import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { i18nReady } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import './index.css';

const router = createBrowserRouter(routes);
registerServiceWorker((url) => void router.navigate(url));

// The cached language's texts first (fetched alongside the first screen's chunk), so no frame shows English or keys.
await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

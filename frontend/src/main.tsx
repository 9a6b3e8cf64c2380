import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { i18nReady, loadAllNamespaces } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute } from './app/router';
import './index.css';

// The first screen's chunk and texts start downloading now, alongside the shell's texts.
const firstScreen = preloadRoute(window.location.pathname);

let navigate: ((url: string) => void) | null = null;
registerServiceWorker((url) => navigate?.(url));

/** Hands the router's navigate to what lives outside React (the service worker's notification clicks). */
function NavigateBridge() {
  const go = useNavigate();
  useEffect(() => {
    navigate = (url) => void go(url);
    return () => {
      navigate = null;
    };
  }, [go]);
  return null;
}

// The cached language's texts first, so no frame shows English or keys.
await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <NavigateBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);

// Every other text of the language once the first screen is in and the page is idle: later
// screens, dialogs and toasts never wait for theirs.
void firstScreen
  .catch(() => undefined)
  .then(() => new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 5000 }) : setTimeout(resolve, 2000))))
  .then(() => loadAllNamespaces())
  .catch(() => undefined);

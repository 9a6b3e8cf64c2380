import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { getStoredToken } from '@/lib/auth-token';
import { i18nReady, loadAllNamespaces } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute } from './app/router';
import './index.css';

// The first screen's chunk and texts start downloading now, alongside the shell's texts (`/`
// redirects as RootRedirect does).
const path = window.location.pathname;
const firstScreen = preloadRoute(path === '/' ? (getStoredToken() ? '/dashboard' : '/home') : path);

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

// The cached language's texts and the first screen first: the first render is the whole screen,
// with no frame of English, keys or emptiness (a failed chunk download shows itself on render).
await Promise.all([i18nReady, firstScreen.catch(() => undefined)]);

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

// Every other text of the language a while after the first screen, when the page is idle (not
// competing with the first screen's own requests): later screens, dialogs and toasts never wait.
setTimeout(() => {
  const load = () => void loadAllNamespaces().catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else load();
}, 3000);

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyBoot } from './build/early-boot';
import { chunkGroups } from './build/chunk-groups';
import { FIRST_SCREEN_ALIASES, FIRST_SCREENS, SHELL_NAMESPACES } from './build/first-screens.mjs';
import { localeBundles } from './build/locale-bundles';
import { COMPRESS_FROM_BYTES, TEXT_FILE } from './build/precompress.mjs';

// The API the dev server proxies /api and /socket.io to; `npm run dev` (scripts/dev.js) sets it from PORT.
const backend = process.env.API_PROXY_TARGET || 'http://localhost:3000';
const chunks = chunkGroups({
  root: fileURLToPath(new URL('.', import.meta.url)),
  entry: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
  firstScreens: FIRST_SCREENS,
  // <Trans> (and its HTML parser) and infinite queries: a few screens' only.
  exclude: /node_modules[\\/](react-i18next[\\/].*Trans|html-parse-stringify|void-elements|@tanstack[\\/].*(infiniteQueryObserver|useInfiniteQuery|useMutationState))/,
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    chunks.plugin,
    localeBundles(fileURLToPath(new URL('./src/locales', import.meta.url)), SHELL_NAMESPACES),
    // index.html's early boot script: the first screen's chunks, texts and API calls start at once.
    earlyBoot(FIRST_SCREENS, FIRST_SCREEN_ALIASES),
    // The web app manifest and the service worker (src/service-worker/sw.ts, built by Vite with
    // the precache list of this build written in). Registered by src/lib/service-worker.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      injectManifest: {
        // The app shell, every hashed chunk (each language's bundle too) and the icons; not the .br/.gz copies.
        globPatterns: ['index.html', 'theme-init.js', 'favicon.svg', 'assets/**/*.{js,css,woff2,svg,png}', 'icons/*.png'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        name: 'Scoreline — Football Score Predictions',
        short_name: 'Scoreline',
        description: 'Predict every match, bank your best pick and climb the leagues.',
        id: '/dashboard',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b1220',
        background_color: '#0b1220',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // Brotli and gzip copies of every text file, made once here; the API's static handler sends them.
    // (The service worker is written after this runs: build/precompress.mjs makes its copies.)
    compression({ algorithms: ['brotliCompress', 'gzip'], include: TEXT_FILE, threshold: COMPRESS_FROM_BYTES, logLevel: 'silent' }),
  ],
  resolve: {
    alias: {
      '@scoreline/contracts': fileURLToPath(new URL('../contracts/src', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route pulls in, read by build/check-bundle-budget.mjs.
    manifest: true,
    // Every browser the app supports preloads modules itself (the polyfill is half a kB of entry).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs, in one file: it compresses better whole than in the dozen
          // pieces the default split makes of it, and changes only when a dependency does.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next)[\\/]/, priority: 3 },
            // The shell and each first screen in a file each (build/chunk-groups.ts).
            ...chunks.groups,
          ],
        },
      },
    },
  },
  test: {
    // Pure helpers run in node; files that need a DOM say so with @vitest-environment jsdom.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Generous bounds for a loaded 2-core CI machine (one run took 832 s instead of ~100 s, and
    // screens that render in 200 ms here hit the 5 s default); a real hang still fails.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Both cores: by default vitest keeps one free, which ran the 49 files one at a time here (129 s → 84 s).
    maxWorkers: 2,
  },
});

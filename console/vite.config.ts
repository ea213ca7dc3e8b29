import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built by `npm run build` into dist/console, which the server serves at /console.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react()],
  publicDir: false,
  // `npm run dev:console`: the API of a server started with `npm run dev` on its default port.
  server: {
    proxy: Object.fromEntries(['/v3', '/v4'].map((path) => [path, 'http://127.0.0.1:8787'])),
  },
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The page runs under a Content-Security-Policy without 'unsafe-inline': nothing may be inlined.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});

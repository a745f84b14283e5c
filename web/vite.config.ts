import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The local stack (infra/local) serves /api and /config.json on this address. */
const localStack = 'http://localhost:3000';

/**
 * react-router's package exports only its development build (extra checks and warnings); the
 * production one sits beside it, and the built app takes that.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** zod, configured to parse without its JIT before any schema is built (see the module). */
const zodJitless = fileURLToPath(new URL('./src/config/zod-jitless.ts', import.meta.url));

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^zod$/, replacement: zodJitless },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // The SPA imports domain code from ../shared.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': localStack,
      '/config.json': localStack,
    },
  },
}));

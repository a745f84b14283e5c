import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The local stack (infra/local) serves /api and /config.json on this address. */
const localStack = 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
});

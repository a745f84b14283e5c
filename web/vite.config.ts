import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// react-router's production build, which its package does not export (see the module).
import { reactRouterProduction } from './react-router-seam';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The local stack (infra/local) serves /api and /config.json on this address. */
const localStack = 'http://localhost:3000';

/** zod, configured to parse without its JIT before any schema is built (see the module). */
const zodJitless = fileURLToPath(new URL('./src/config/zod-jitless.ts', import.meta.url));

/**
 * index.html preloads the chunks holding these modules (and what they import) although the app
 * imports them dynamically: they are needed at start-up, only not evaluated with the entry (see
 * web/src/api/me.ts).
 */
const STARTUP_MODULES = ['/shared/api.ts'];

function preloadStartupModules(): Plugin {
  return {
    name: 'preload-startup-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          if (output.moduleIds.some((id) => STARTUP_MODULES.some((module) => id.endsWith(module)))) {
            add(output.fileName);
          }
        }
        return [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), preloadStartupModules()],
  resolve: {
    // @shared/* is the repo's shared/, declared once in tsconfig.json's paths.
    tsconfigPaths: true,
    alias: [
      { find: /^zod$/, replacement: zodJitless },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // For reading error reports: built beside the bundle, but not named in it, and never deployed
    // (infra/aws/web-stack.ts excludes *.map, issue 35).
    sourcemap: 'hidden',
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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST_DIR } from '../../infra/aws/paths';
import type { Figure } from './report';

export const INITIAL_JS_BUDGET_KB = 170;

/**
 * The JavaScript a first visit loads before any screen's own chunk: the entry script of the built
 * index.html and the modules it preloads, gzipped as the CDN serves them. Each screen is a chunk
 * of its own (web/src/app/router.tsx), loaded when it is opened.
 */
export async function measureInitialJs(): Promise<Figure[]> {
  const html = await readFile(path.join(WEB_DIST_DIR, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!);
  if (scripts.length === 0)
    throw new Error(`No module script in ${WEB_DIST_DIR}/index.html: build the web app first`);
  const files = await Promise.all(
    scripts.map(async (src) => {
      const code = await readFile(path.join(WEB_DIST_DIR, src));
      return { name: path.basename(src), gzipBytes: gzipSync(code).length };
    }),
  );
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return [
    {
      section: 'Web',
      name: 'initial JavaScript (gzip)',
      value: Math.round((total / 1024) * 10) / 10,
      unit: 'KB',
      budget: { op: '<=', limit: INITIAL_JS_BUDGET_KB },
      detail: files
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((file) => `${file.name} ${Math.round(file.gzipBytes / 1024)} KB`)
        .join(', '),
    },
  ];
}

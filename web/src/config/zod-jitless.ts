/**
 * What the built app gets for `import * as z from 'zod'` (web/vite.config.ts aliases it here): zod
 * itself, set to parse without its JIT before any schema exists. Each object schema reads the
 * setting when it is constructed, and shared/ builds its schemas as its modules load, before the
 * body of main.tsx runs: a z.config() call there came too late for them, and each one's first parse
 * compiled a parser with new Function (a long task of its own for /config.json and /api/me). The
 * app parses each response once, so the compiled parser never paid back its compilation.
 */
import { config } from 'zod/v4/core';
import { inputIssueMessage } from '@shared/input-messages';

// Every shared schema's issues name their field (issue 34), as the API's do.
config({ jitless: true, customError: inputIssueMessage });

export * from 'zod/v4';

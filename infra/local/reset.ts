import { rm } from 'node:fs/promises';
import { settingsFromEnv } from './settings';

const { dataDir } = settingsFromEnv();
await rm(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}: the next npm start begins with an empty database, user pool and outbox.`);

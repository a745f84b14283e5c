import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVICE_FILE_NAME, DeviceStore, type DeviceState } from './device';
import type { Logger } from './logger';

const state: DeviceState = {
  endpoint: 'https://assets.example.com/api/agent/report',
  machine_id: 'm-1',
  device_id: 'dev-1',
  device_token: `dt_01HZXAMPLEORG.${'x'.repeat(43)}`,
  enrolled_at: '2026-11-22T08:00:00.000Z',
};

function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'itaa-device-'));

describe('DeviceStore', () => {
  it('saves, loads and forgets the device', async () => {
    const store = new DeviceStore({ dir: tempDir(), log: memoryLog() });
    expect(await store.load()).toBeNull();
    await store.save(state);
    expect(await store.load()).toEqual(state);
    await store.clear();
    expect(await store.load()).toBeNull();
  });
  it('on Windows restricts the file before the token is written into it', async () => {
    const dir = tempDir();
    const seen: { file: string; size: number }[] = [];
    const store = new DeviceStore({
      dir,
      log: memoryLog(),
      platform: 'win32',
      restrictWindowsFile: async (file) => {
        seen.push({ file, size: fs.statSync(file).size });
        return null;
      },
    });
    await store.save(state);
    expect(seen).toEqual([{ file: path.join(dir, `${DEVICE_FILE_NAME}.tmp`), size: 0 }]);
    expect(await store.load()).toEqual(state);
  });
  it('does not write the token when the file cannot be restricted, and keeps it in memory', async () => {
    const dir = tempDir();
    const log = memoryLog();
    const store = new DeviceStore({
      dir,
      log,
      platform: 'win32',
      restrictWindowsFile: async () => 'icacls exited with code 5: Access is denied.',
    });
    await store.save(state);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await store.load()).toEqual(state);
    expect(log.lines.join('\n')).toContain('Access is denied');
    expect(log.lines.join('\n')).not.toContain(state.device_token);
  });
  it('ignores a file that does not hold a device', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, DEVICE_FILE_NAME), '{"device_token":"nope"}');
    const log = memoryLog();
    expect(await new DeviceStore({ dir, log }).load()).toBeNull();
    expect(log.lines[0]).toContain('enrolling again');
  });
});

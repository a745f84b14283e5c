import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli';

describe('parseCli', () => {
  it('runs as a service without options', () => {
    expect(parseCli([])).toEqual({
      once: false,
      print: false,
      version: false,
      help: false,
      config: undefined,
      rollbackWatchdog: false,
    });
  });
  it('reads --once, --print, --version and --config', () => {
    expect(parseCli(['--once', '--config', 'c.json'])).toMatchObject({ once: true, config: 'c.json' });
    expect(parseCli(['--config=c.json', '--print'])).toMatchObject({ print: true, config: 'c.json' });
    expect(parseCli(['--version']).version).toBe(true);
    expect(parseCli(['-h']).help).toBe(true);
  });
  it('refuses unknown options, stray arguments and an empty --config', () => {
    expect(() => parseCli(['--bogus'])).toThrow(UsageError);
    expect(() => parseCli(['report'])).toThrow(UsageError);
    expect(() => parseCli(['--config'])).toThrow(UsageError);
    expect(() => parseCli(['--config='])).toThrow(UsageError);
  });
});

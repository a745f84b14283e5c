import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itaa-log-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

const now = () => new Date('2026-11-22T08:00:00.000Z');

describe('createLogger', () => {
  it('writes timestamped lines to the console and the file', () => {
    const out = capture();
    const file = path.join(dir, 'agent.log');
    const log = createLogger({ file, console: out.stream, now });
    log.info('started');
    log.error('Report refused: 401');
    const expected =
      '2026-11-22T08:00:00.000Z INFO  started\n2026-11-22T08:00:00.000Z ERROR Report refused: 401\n';
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
    expect(out.text()).toBe(expected);
  });

  it('rotates at the size limit and keeps three old files', () => {
    const file = path.join(dir, 'agent.log');
    const log = createLogger({ file, console: null, maxBytes: 200, keep: 3, now });
    // Each line is 100 bytes (31 of timestamp and level, 9 of number, 59 x, a newline): two fit in a file.
    const line = (i: number) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(100 - 31 - 9 - 1)}`;
    for (let i = 0; i < 12; i++) log.info(line(i));
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['agent.log', 'agent.log.1', 'agent.log.2', 'agent.log.3']);
    for (const name of files) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(200);
    expect(fs.readFileSync(file, 'utf8')).toContain('line 011');
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toContain('line 009');
    expect(fs.readFileSync(`${file}.3`, 'utf8')).toContain('line 005');
    expect(fs.readFileSync(`${file}.3`, 'utf8')).not.toContain('line 003');
  });

  it('continues an existing file after a restart and counts its size', () => {
    const file = path.join(dir, 'agent.log');
    fs.writeFileSync(file, 'x'.repeat(190));
    createLogger({ file, console: null, maxBytes: 200, now }).info('after restart');
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(190));
    expect(fs.readFileSync(file, 'utf8')).toContain('after restart');
  });

  it('carries on with the console when the file cannot be written', () => {
    const out = capture();
    const errors = capture();
    const blocker = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const log = createLogger({
      file: path.join(blocker, 'agent.log'),
      console: out.stream,
      errors: errors.stream,
      now,
    });
    log.info('one');
    log.info('two');
    expect(out.text()).toContain('one');
    expect(out.text()).toContain('two');
    expect(errors.text().match(/Cannot write the log file/g)).toHaveLength(1);
  });
});

import { gzipSync } from 'node:zlib';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ulidSchema } from '../../shared/hardware';
import { fileParts } from './import-jobs';
import { importedAssetId, readImportFile } from './import-rows';

describe('importedAssetId', () => {
  it('names a row’s asset by its job and row: the same id on every run, ULIDs in the rows’ order', () => {
    const job = ulid();
    const ids = [2, 3, 33, 1000, 20_001].map((row) => importedAssetId(job, row));
    expect(ids.every((id) => ulidSchema.safeParse(id).success)).toBe(true);
    expect(ids.every((id) => id.slice(0, 21) === job.slice(0, 21))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(importedAssetId(job, 33)).toBe(ids[2]);
    expect(importedAssetId(ulid(), 2)).not.toBe(ids[0]);
  });
});

describe('readImportFile', () => {
  it('leaves out rows that repeat an earlier row’s serial number or tag, as row errors', () => {
    const file = readImportFile(
      'asset_type,manufacturer,model,serial_number,asset_tag\nLaptop,Dell,A,S-1,\nLaptop,Dell,B,s-1,\nLaptop,Dell,C,,T\nLaptop,,D,,\n',
    );
    expect(file.totalRows).toBe(4);
    expect(file.writable.map((row) => row.row)).toEqual([2, 4]);
    expect(file.errors).toEqual([
      { row: 3, message: 'The serial number s-1 also appears in row 2' },
      { row: 5, message: 'manufacturer and model are required' },
    ]);
  });
});

describe('fileParts', () => {
  it('cuts a file into parts whose gzipped text fits an item, whole again when joined', () => {
    const text = 'asset_type,manufacturer,model\n' + 'Laptop,Dell,Latitude\n'.repeat(200_000);
    const parts = fileParts(text);
    expect(parts.join('')).toBe(text);
    expect(parts.length).toBeGreaterThan(1);
    // Text that hardly compresses (random letters and a few emoji) is cut smaller.
    const noise = Array.from({ length: 600_000 }, (_, i) =>
      i % 1000 === 999 ? '😀' : String.fromCharCode(33 + Math.floor(Math.random() * 90)),
    ).join('');
    const noisy = fileParts(noise);
    expect(noisy.join('')).toBe(noise);
    for (const part of noisy) expect(gzipSync(part).length).toBeLessThanOrEqual(300_000);
    // No part ends half way through a surrogate pair (it would not survive UTF-8).
    for (const part of noisy) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
  });
});

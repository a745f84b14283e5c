import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { powershellSyntaxErrors } from '../../test/support/powershell-syntax';
import { fillInstallScript } from '../build/package';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const read = (name: string) => fs.readFileSync(path.join(HERE, name), 'utf8');
const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;

describe('the Windows install scripts, parsed with a PowerShell grammar', () => {
  it('install.ps1 and uninstall.ps1 have no syntax error', async () => {
    expect(await powershellSyntaxErrors(read('install.ps1'))).toEqual([]);
    expect(await powershellSyntaxErrors(read('uninstall.ps1'))).toEqual([]);
  });

  it('install.ps1 filled in by the download has none either', async () => {
    const filled = fillInstallScript(
      read('install.ps1'),
      { apiKey: KEY, endpoint: "https://assets.example.com/a?q='x'" },
      'powershell',
    );
    expect(await powershellSyntaxErrors(filled)).toEqual([]);
  });

  it('finds the errors of a broken copy (the check is not blind)', async () => {
    const missingBrace = read('install.ps1').replace(
      'if ($code -ne 0 -and $code -ne 3010 -and $code -ne 1641) {',
      'if ($code -ne 0 {',
    );
    expect(await powershellSyntaxErrors(missingBrace)).not.toEqual([]);
    const unterminated = read('uninstall.ps1').replace("'Uninstalled.'", "'Uninstalled.");
    expect(await powershellSyntaxErrors(unterminated)).not.toEqual([]);
  });
});

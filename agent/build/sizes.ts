/**
 * The sizes of a built agent release, for the bench's table: the Windows executable as the MSI
 * installs it (its File table), the Linux executable, and the files downloaded.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { DEB_PACKAGE, EXE_NAME, LINUX_EXE_NAME, MSI_NAME } from './package';

/** Bytes of each part; null for one that is not in the folder. */
export interface AgentExecutableSizes {
  windowsExe: number | null;
  linuxExe: number | null;
  msi: number | null;
  deb: number | null;
  zip: number | null;
}

function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

/** ITAssetAuditorAgent.exe's size as the MSI's File table records it (msiinfo reads it; null without it). */
function windowsExeSize(msiFile: string): number | null {
  if (sizeOf(msiFile) === null) return null;
  const result = spawnSync('msiinfo', ['export', msiFile, 'File'], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const row = result.stdout
    .split(/\r?\n/)
    .map((line) => line.split('\t'))
    .find((columns) => columns[2] === EXE_NAME);
  const size = Number(row?.[3]);
  return Number.isInteger(size) && size > 0 ? size : null;
}

/** The sizes of the release in `outDir` (the folder of `npm run build:agent -- --out <dir>`). */
export function agentExecutableSizes(outDir: string): AgentExecutableSizes {
  const deb = fs.existsSync(outDir)
    ? fs.readdirSync(outDir).find((name) => name.startsWith(`${DEB_PACKAGE}_`) && name.endsWith('_amd64.deb'))
    : undefined;
  return {
    windowsExe: windowsExeSize(path.join(outDir, MSI_NAME)),
    linuxExe: sizeOf(path.join(outDir, LINUX_EXE_NAME)),
    msi: sizeOf(path.join(outDir, MSI_NAME)),
    deb: deb ? sizeOf(path.join(outDir, deb)) : null,
    zip: sizeOf(path.join(outDir, AGENT_BUNDLE_FILE_NAME)),
  };
}

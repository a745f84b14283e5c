import { readFile } from 'node:fs/promises';
import { runCommand } from '../exec';
import { windowsSystemTool } from './windows';

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function isBlank(id: string): boolean {
  return /^[0-]+$/.test(id) || /^[f-]+$/i.test(id);
}

/** `reg query HKLM\SOFTWARE\Microsoft\Cryptography /v MachineGuid` → the GUID, lower case. */
export function parseRegMachineGuid(stdout: string | null): string | null {
  const line = stdout?.split(/\r?\n/).find((l) => /^\s*MachineGuid\s+REG_SZ\s+/i.test(l));
  const guid = line?.match(GUID)?.[0].toLowerCase() ?? null;
  return guid && !isBlank(guid) ? guid : null;
}

/** The contents of /etc/machine-id (32 hex digits, systemd and D-Bus agree on the format). */
export function parseLinuxMachineId(contents: string | null): string | null {
  const id = contents?.trim().toLowerCase() ?? '';
  return /^[0-9a-f]{32}$/.test(id) && !isBlank(id) ? id : null;
}

/** `ioreg -rd1 -c IOPlatformExpertDevice` → IOPlatformUUID, the hardware UUID of the Mac. */
export function parseIoregPlatformUuid(stdout: string | null): string | null {
  const match = stdout?.match(/"IOPlatformUUID"\s*=\s*"([^"]+)"/);
  const uuid = match?.[1]?.match(GUID)?.[0].toUpperCase() ?? null;
  return uuid && !isBlank(uuid) ? uuid : null;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The operating system's own identifier of this installation or machine, which survives restarts
 * and reinstalls of the agent; null when the platform offers none (a collector then falls back).
 */
export async function readMachineId(platform: NodeJS.Platform = process.platform): Promise<string | null> {
  if (platform === 'win32') {
    const reg = windowsSystemTool('reg.exe');
    const key = 'HKLM\\SOFTWARE\\Microsoft\\Cryptography';
    // /reg:64 reads the 64-bit view even from a 32-bit process (MachineGuid is not in WOW6432Node).
    return (
      parseRegMachineGuid(await runCommand(reg, ['query', key, '/v', 'MachineGuid', '/reg:64'])) ??
      parseRegMachineGuid(await runCommand(reg, ['query', key, '/v', 'MachineGuid']))
    );
  }
  if (platform === 'darwin') {
    return parseIoregPlatformUuid(
      await runCommand('/usr/sbin/ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']),
    );
  }
  for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    const id = parseLinuxMachineId(await readText(file));
    if (id) return id;
  }
  return null;
}

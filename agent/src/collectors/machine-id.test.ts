import { describe, expect, it } from 'vitest';
import {
  parseIoregPlatformUuid,
  parseLinuxMachineId,
  parseRegMachineGuid,
  readMachineId,
} from './machine-id';

describe('parseRegMachineGuid', () => {
  it('reads reg query output', () => {
    const stdout =
      '\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography\r\n    MachineGuid    REG_SZ    3F2504E0-4F89-41D3-9A0C-0305E82C3301\r\n\r\n';
    expect(parseRegMachineGuid(stdout)).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });
  it('refuses an error, an empty value and an all-zero GUID', () => {
    expect(parseRegMachineGuid(null)).toBeNull();
    expect(
      parseRegMachineGuid('ERROR: The system was unable to find the specified registry key or value.'),
    ).toBeNull();
    expect(parseRegMachineGuid('    MachineGuid    REG_SZ    \r\n')).toBeNull();
    expect(
      parseRegMachineGuid('    MachineGuid    REG_SZ    00000000-0000-0000-0000-000000000000\r\n'),
    ).toBeNull();
  });
});

describe('parseLinuxMachineId', () => {
  it('reads /etc/machine-id', () => {
    expect(parseLinuxMachineId('3d1219c7c4c5404aaa1f6d2a48adfda4\n')).toBe(
      '3d1219c7c4c5404aaa1f6d2a48adfda4',
    );
  });
  it('refuses an empty, uninitialized or malformed file', () => {
    expect(parseLinuxMachineId('')).toBeNull();
    expect(parseLinuxMachineId('uninitialized\n')).toBeNull();
    expect(parseLinuxMachineId('00000000000000000000000000000000')).toBeNull();
    expect(parseLinuxMachineId('3d1219c7-c4c5')).toBeNull();
    expect(parseLinuxMachineId(null)).toBeNull();
  });
});

describe('parseIoregPlatformUuid', () => {
  it('reads ioreg output', () => {
    const stdout = `+-o MacBookPro18,3  <class IOPlatformExpertDevice, id 0x100000227, registered, matched, active, busy 0 (79149 ms), retain 40>
    {
      "IOPolledInterface" = "AppleARMWatchdogTimerHibernateHandler is not serializable"
      "serial-number" = <4332303258443048314a47480000000000000000000000000000000000000000>
      "compatible" = <"MacBookPro18,3","AppleARM">
      "IOPlatformUUID" = "A1B2C3D4-E5F6-5A7B-8C9D-0E1F2A3B4C5D"
      "IOPlatformSerialNumber" = "C02XD0H1JGH8"
      "model" = <"MacBookPro18,3">
    }
`;
    expect(parseIoregPlatformUuid(stdout)).toBe('A1B2C3D4-E5F6-5A7B-8C9D-0E1F2A3B4C5D');
  });
  it('refuses output without the UUID', () => {
    expect(parseIoregPlatformUuid('+-o Root  <class IORegistryEntry>')).toBeNull();
    expect(parseIoregPlatformUuid(null)).toBeNull();
  });
});

describe('readMachineId on this Linux machine', () => {
  it.runIf(process.platform === 'linux')('reads a 32-hex-digit id', async () => {
    const id = await readMachineId('linux');
    // A container may have no machine-id at all: then the collector falls back to a stored one.
    if (id !== null) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

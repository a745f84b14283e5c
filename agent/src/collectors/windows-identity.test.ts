import { describe, expect, it } from 'vitest';
import { parseWindowsSystem } from './windows';

/** The identity facts of system.ps1's output (issue 27) beyond the laptop of windows.test.ts. */
describe('parseWindowsSystem: identity', () => {
  it('names the workgroup of a machine outside a domain, and reads boot times however PowerShell wrote them', () => {
    const workgroup = JSON.stringify({
      ComputerSystem: { Name: 'SHOP-PC', Domain: 'WORKGROUP', PartOfDomain: false, Workgroup: 'WORKGROUP' },
      OperatingSystem: { Version: '10.0.19045', LastBootUpTime: '/Date(1795630543000)/' },
    });
    expect(parseWindowsSystem(workgroup)).toMatchObject({
      domain: 'WORKGROUP',
      os_build: '10.0.19045',
      last_boot: '2026-11-25T18:15:43.000Z',
    });
    const dmtf = JSON.stringify({ OperatingSystem: { LastBootUpTime: '20261125191543.500000+060' } });
    expect(parseWindowsSystem(dmtf).last_boot).toBe('2026-11-25T18:15:43.000Z');
  });

  it('keeps every IP-enabled adapter but the known software ones when the physical list is unread', () => {
    const json = JSON.stringify({
      NetworkAdapters: {
        Index: 3,
        Description: 'Red Hat VirtIO Ethernet Adapter',
        IPAddress: '10.0.0.5',
        MACAddress: '52:54:00:AB:CD:EF',
      },
      PhysicalAdapters: [],
    });
    expect(parseWindowsSystem(json)).toMatchObject({
      ipv4_addresses: ['10.0.0.5'],
      mac_addresses: ['52:54:00:AB:CD:EF'],
    });
    const placeholders = JSON.stringify({
      ComputerSystem: { Manufacturer: 'System manufacturer', Model: 'System Product Name' },
      Bios: { SMBIOSBIOSVersion: '  ' },
    });
    expect(parseWindowsSystem(placeholders)).toMatchObject({
      manufacturer: null,
      model: null,
      bios_version: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseWindowsSoftware, parseWindowsSystem } from './windows';

/** What system.ps1 prints on a Dell laptop with a user signed in. */
const LAPTOP = JSON.stringify({
  ComputerSystem: {
    Name: 'FIN-LT-042',
    DNSHostName: 'FIN-LT-042',
    Domain: 'corp.example.com',
    UserName: 'CORP\\jsmith',
    TotalPhysicalMemory: 17_054_724_096,
    Manufacturer: 'Dell Inc.',
    Model: 'Latitude 5420',
    PartOfDomain: true,
    Workgroup: null,
  },
  OperatingSystem: {
    Caption: 'Microsoft Windows 11 Pro',
    Version: '10.0.22631',
    BuildNumber: '22631',
    OSArchitecture: '64-bit',
    LastBootUpTime: '2026-11-24T07:12:45.5012345Z',
  },
  CurrentVersion: { UBR: 4460, DisplayVersion: '23H2' },
  Processors: [
    {
      Name: '11th Gen Intel(R) Core(TM) i5-1145G7 @ 2.60GHz   ',
      Architecture: 9,
      NumberOfCores: 4,
      NumberOfLogicalProcessors: 8,
    },
  ],
  LogicalDisks: [
    {
      DeviceID: 'C:',
      VolumeName: 'OS',
      FileSystem: 'NTFS',
      Size: 254_356_221_952,
      FreeSpace: 101_742_489_600,
    },
    {
      DeviceID: 'D:',
      VolumeName: 'Data',
      FileSystem: 'NTFS',
      Size: 1_000_202_039_296,
      FreeSpace: 900_181_835_366,
    },
  ],
  Printers: [
    {
      Name: 'Microsoft Print to PDF',
      DriverName: 'Microsoft Print To PDF',
      PortName: 'PORTPROMPT:',
      Network: false,
      Local: true,
      Shared: false,
      ShareName: null,
    },
    {
      Name: 'HP LaserJet M404 (Finance)',
      DriverName: 'HP Universal Printing PCL 6',
      PortName: 'IP_10.1.2.30',
      Network: false,
      Local: true,
      Shared: true,
      ShareName: 'FinanceHP',
    },
    {
      Name: '\\\\printsrv01\\Floor2-Copier',
      DriverName: 'Canon Generic Plus UFR II',
      PortName: '\\\\printsrv01\\Floor2-Copier',
      Network: true,
      Local: false,
      Shared: false,
      ShareName: null,
    },
  ],
  Shares: [
    { Name: 'Scans', Path: 'D:\\Scans', Description: '' },
    { Name: 'Users', Path: 'C:\\Users', Description: '' },
  ],
  Bios: { SerialNumber: '7XK2LM3', SMBIOSBIOSVersion: '1.25.0' },
  NetworkAdapters: [
    {
      Index: 1,
      Description: 'Intel(R) Wi-Fi 6 AX201 160MHz',
      IPAddress: ['192.168.1.47', 'fe80::1c2d:3e4f:5a6b:7c8d'],
      MACAddress: 'F4:26:79:3A:5B:C1',
    },
    {
      Index: 7,
      Description: 'Intel(R) Ethernet Connection (13) I219-LM',
      IPAddress: ['10.1.20.15', '169.254.10.2', '192.168.1.47'],
      MACAddress: '54:05:DB:12:34:56',
    },
    {
      Index: 12,
      Description: 'VirtualBox Host-Only Ethernet Adapter',
      IPAddress: ['192.168.56.1', 'fe80::a00:27ff:fe00:c'],
      MACAddress: '0A:00:27:00:00:0C',
    },
    {
      Index: 15,
      Description: 'Cisco AnyConnect Secure Mobility Client Virtual Miniport Adapter for Windows x64',
      IPAddress: ['10.250.3.9'],
      MACAddress: '00:05:9A:3C:7A:00',
    },
  ],
  PhysicalAdapters: [
    { Index: 1, Name: 'Intel(R) Wi-Fi 6 AX201 160MHz' },
    { Index: 7, Name: 'Intel(R) Ethernet Connection (13) I219-LM' },
    { Index: 12, Name: 'VirtualBox Host-Only Ethernet Adapter' },
    { Index: 18, Name: 'Bluetooth Device (Personal Area Network)' },
  ],
  Enclosures: [{ SerialNumber: '7XK2LM3' }],
  Product: { UUID: '4C4C4544-0058-4B10-8032-B7C04F4C4D33', IdentifyingNumber: '7XK2LM3' },
  ExplorerOwners: [{ ReturnValue: 0, Domain: 'CORP', User: 'jsmith' }],
});

describe('parseWindowsSystem', () => {
  it('reads a laptop', () => {
    expect(parseWindowsSystem(LAPTOP)).toEqual({
      hostname: 'FIN-LT-042',
      os_type: 'Windows',
      os_version: 'Microsoft Windows 11 Pro 10.0.22631',
      service_tag: '7XK2LM3',
      logged_in_user: 'CORP\\jsmith',
      manufacturer: 'Dell Inc.',
      model: 'Latitude 5420',
      bios_version: '1.25.0',
      os_build: '10.0.22631.4460',
      domain: 'corp.example.com',
      last_boot: '2026-11-24T07:12:45.000Z',
      // The VPN's miniport is no hardware; VirtualBox's host-only adapter says it is, by its name it is not.
      ipv4_addresses: ['192.168.1.47', '10.1.20.15'],
      mac_addresses: ['F4:26:79:3A:5B:C1', '54:05:DB:12:34:56'],
      memory_total_gb: 15.9,
      cpu_info: {
        processor: '11th Gen Intel(R) Core(TM) i5-1145G7 @ 2.60GHz',
        architecture: 'x64',
        cores_physical: 4,
        cores_logical: 8,
      },
      storage_info: [
        { device: 'C:', mountpoint: 'C:\\', used_gb: 142.1, total_gb: 236.9, percent: 60 },
        { device: 'D:', mountpoint: 'D:\\', used_gb: 93.2, total_gb: 931.5, percent: 10 },
      ],
      printers: [
        { name: 'Microsoft Print to PDF', driver: 'Microsoft Print To PDF', network: false, shared: false },
        {
          name: 'HP LaserJet M404 (Finance)',
          driver: 'HP Universal Printing PCL 6',
          network: true,
          shared: true,
        },
        {
          name: '\\\\printsrv01\\Floor2-Copier',
          driver: 'Canon Generic Plus UFR II',
          network: true,
          shared: false,
        },
      ],
      shared_folders: [
        { name: 'Scans', path: 'D:\\Scans' },
        { name: 'Users', path: 'C:\\Users' },
      ],
      hardware_uuid: '4C4C4544-0058-4B10-8032-B7C04F4C4D33',
    });
  });

  it('takes the enclosure serial when the BIOS has a placeholder, then drops junk everywhere', () => {
    const withEnclosure = JSON.stringify({
      Bios: { SerialNumber: 'To Be Filled By O.E.M.' },
      Enclosures: [{ SerialNumber: 'Default string' }, { SerialNumber: 'CZC9876XYZ' }],
    });
    expect(parseWindowsSystem(withEnclosure).service_tag).toBe('CZC9876XYZ');
    const allJunk = JSON.stringify({
      Bios: { SerialNumber: 'System Serial Number' },
      Enclosures: { SerialNumber: '0' },
      Product: { UUID: '00000000-0000-0000-0000-000000000000', IdentifyingNumber: 'None' },
    });
    const facts = parseWindowsSystem(allJunk);
    expect(facts.service_tag).toBeNull();
    expect(facts.hardware_uuid).toBeNull();
  });

  it('falls back to Win32_ComputerSystem.UserName when explorer.exe has no owner (nobody signed in via console)', () => {
    const json = JSON.stringify({
      ComputerSystem: { Name: 'KIOSK1', UserName: 'KIOSK1\\kiosk' },
      ExplorerOwners: [{ ReturnValue: 2, Domain: null, User: null }],
    });
    expect(parseWindowsSystem(json).logged_in_user).toBe('KIOSK1\\kiosk');
    expect(parseWindowsSystem(JSON.stringify({ ComputerSystem: { Name: 'SRV' } })).logged_in_user).toBeNull();
  });

  it('reads single objects where lists were expected and PowerShell 5.1 {value, Count} wrapping', () => {
    const json = JSON.stringify({
      ComputerSystem: { Name: 'SRV-DB1', TotalPhysicalMemory: 68_719_476_736 },
      Processors: {
        value: [
          {
            Name: 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
            Architecture: 9,
            NumberOfCores: 20,
            NumberOfLogicalProcessors: 40,
          },
          {
            Name: 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
            Architecture: 9,
            NumberOfCores: 20,
            NumberOfLogicalProcessors: 40,
          },
        ],
        Count: 2,
      },
      LogicalDisks: { DeviceID: 'C:', Size: 107_374_182_400, FreeSpace: 53_687_091_200 },
      Printers: {
        Name: 'Microsoft XPS Document Writer',
        DriverName: 'Microsoft XPS Document Writer v4',
        PortName: 'PORTPROMPT:',
        Network: false,
        Shared: false,
      },
      Shares: null,
      ExplorerOwners: { ReturnValue: 0, Domain: 'SRV-DB1', User: 'Administrator' },
    });
    const facts = parseWindowsSystem(json);
    expect(facts.cpu_info).toEqual({
      processor: 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
      architecture: 'x64',
      cores_physical: 40,
      cores_logical: 80,
    });
    expect(facts.memory_total_gb).toBe(64);
    expect(facts.storage_info).toEqual([
      { device: 'C:', mountpoint: 'C:\\', used_gb: 50, total_gb: 100, percent: 50 },
    ]);
    expect(facts.printers).toHaveLength(1);
    expect(facts.shared_folders).toEqual([]);
    expect(facts.logged_in_user).toBe('SRV-DB1\\Administrator');
  });

  it('survives missing sections and unreadable output', () => {
    const empty = parseWindowsSystem(null, 'fallback-host');
    expect(empty).toMatchObject({
      hostname: 'fallback-host',
      os_type: 'Windows',
      os_version: null,
      service_tag: null,
      logged_in_user: null,
      memory_total_gb: null,
      cpu_info: null,
      storage_info: [],
      printers: [],
      shared_folders: [],
      manufacturer: null,
      model: null,
      bios_version: null,
      os_build: null,
      domain: null,
      last_boot: null,
      ipv4_addresses: [],
      mac_addresses: [],
    });
    expect(parseWindowsSystem('not json at all', 'h').hostname).toBe('h');
  });

  it('names an ARM64 processor', () => {
    const json = JSON.stringify({
      Processors: [
        {
          Name: 'Snapdragon (TM) 8cx Gen 3 @ 3.0 GHz',
          Architecture: 12,
          NumberOfCores: 8,
          NumberOfLogicalProcessors: 8,
        },
      ],
    });
    expect(parseWindowsSystem(json).cpu_info?.architecture).toBe('arm64');
  });
});

/** What software.ps1 prints: HKLM 64-bit, WOW6432Node and a user hive, with the usual noise. */
const SOFTWARE = JSON.stringify([
  {
    DisplayName: 'Google Chrome',
    DisplayVersion: '120.0.6099.130',
    Publisher: 'Google LLC',
    SystemComponent: null,
    ParentKeyName: null,
  },
  {
    DisplayName: 'Microsoft Visual C++ 2015-2022 Redistributable (x64) - 14.38.33130',
    DisplayVersion: '14.38.33130.0',
    Publisher: 'Microsoft Corporation',
    SystemComponent: null,
    ParentKeyName: null,
  },
  {
    DisplayName: 'Microsoft Visual C++ 2022 X64 Minimum Runtime - 14.38.33130',
    DisplayVersion: '14.38.33130',
    Publisher: 'Microsoft Corporation',
    SystemComponent: 1,
    ParentKeyName: null,
  },
  { DisplayName: null, DisplayVersion: null, Publisher: null, SystemComponent: null, ParentKeyName: null },
  { DisplayName: '   ', DisplayVersion: '1.0', Publisher: null, SystemComponent: null, ParentKeyName: null },
  {
    DisplayName: 'Security Update for Microsoft Office 2016 (KB5002520) 64-Bit Edition',
    DisplayVersion: null,
    Publisher: 'Microsoft',
    SystemComponent: null,
    ParentKeyName: 'Office16.PROPLUS',
  },
  {
    DisplayName: '7-Zip 23.01 (x64)',
    DisplayVersion: '23.01',
    Publisher: 'Igor Pavlov',
    SystemComponent: 0,
    ParentKeyName: null,
  },
  {
    DisplayName: 'Google Chrome',
    DisplayVersion: '120.0.6099.130',
    Publisher: 'Google LLC',
    SystemComponent: null,
    ParentKeyName: null,
  },
  {
    DisplayName: 'Zoom',
    DisplayVersion: '5.17.1 (28914)',
    Publisher: 'Zoom Video Communications, Inc.',
    SystemComponent: null,
    ParentKeyName: null,
  },
  {
    DisplayName: 'Notepad++ (64-bit x64)',
    DisplayVersion: '8.6',
    Publisher: 'Notepad++ Team',
    SystemComponent: '1',
    ParentKeyName: null,
  },
  {
    DisplayName: 'Mozilla Firefox (x64 fr)',
    DisplayVersion: '121.0',
    Publisher: 'Mozilla',
    SystemComponent: null,
  },
]);

describe('parseWindowsSoftware', () => {
  it('lists programs like Programs and Features does, without duplicates', () => {
    expect(parseWindowsSoftware(SOFTWARE)).toEqual([
      { name: '7-Zip 23.01 (x64)', version: '23.01' },
      { name: 'Google Chrome', version: '120.0.6099.130' },
      {
        name: 'Microsoft Visual C++ 2015-2022 Redistributable (x64) - 14.38.33130',
        version: '14.38.33130.0',
      },
      { name: 'Mozilla Firefox (x64 fr)', version: '121.0' },
      { name: 'Zoom', version: '5.17.1 (28914)' },
    ]);
  });
  it('reads a single entry, an empty list and no output', () => {
    expect(parseWindowsSoftware(JSON.stringify({ DisplayName: 'Only One', DisplayVersion: '1' }))).toEqual([
      { name: 'Only One', version: '1' },
    ]);
    expect(parseWindowsSoftware('[]')).toEqual([]);
    expect(parseWindowsSoftware(null)).toEqual([]);
    expect(parseWindowsSoftware('')).toEqual([]);
  });
});

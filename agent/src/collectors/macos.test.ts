import { describe, expect, it } from 'vitest';
import { parseMemorySize, parseSharingList, parseSystemProfiler } from './macos';

/** `system_profiler -json SPHardwareDataType SPSoftwareDataType SPApplicationsDataType SPPrintersDataType` on an M2 MacBook Air. */
const APPLE_SILICON = JSON.stringify({
  SPApplicationsDataType: [
    {
      _name: 'Safari',
      arch_kind: 'arch_arm_i64',
      lastModified: '2024-01-10T08:00:00Z',
      obtained_from: 'apple',
      path: '/Applications/Safari.app',
      signed_by: ['Software Signing', 'Apple Code Signing Certification Authority', 'Apple Root CA'],
      version: '17.2.1',
    },
    {
      _name: 'Microsoft Word',
      arch_kind: 'arch_arm_i64',
      obtained_from: 'identified_developer',
      path: '/Applications/Microsoft Word.app',
      version: '16.80',
    },
    {
      _name: 'Slack',
      obtained_from: 'mac_app_store',
      path: '/Users/anna/Applications/Slack.app',
      version: '4.36.140',
    },
    {
      _name: 'Finder',
      obtained_from: 'apple',
      path: '/System/Library/CoreServices/Finder.app',
      version: '14.2',
    },
    {
      _name: 'Microsoft AutoUpdate Helper',
      path: '/Library/Application Support/Microsoft/MAU2.0/Microsoft AutoUpdate.app/Contents/MacOS/Microsoft Update Assistant.app',
      version: '4.66',
    },
    { _name: 'Unsigned Tool', obtained_from: 'unknown', path: '/Applications/Unsigned Tool.app' },
    { _name: 'Safari', path: '/Applications/Safari.app', version: '17.2.1' },
  ],
  SPHardwareDataType: [
    {
      _name: 'hardware_overview',
      activation_lock_status: 'activation_lock_disabled',
      boot_rom_version: '10151.61.4',
      chip_type: 'Apple M2',
      machine_model: 'Mac14,2',
      machine_name: 'MacBook Air',
      model_number: 'Z15S000CTB/A',
      number_processors: 'proc 8:4:4',
      os_loader_version: '10151.61.4',
      physical_memory: '16 GB',
      platform_UUID: 'A1B2C3D4-E5F6-5A7B-8C9D-0E1F2A3B4C5D',
      provisioning_UDID: '00008112-000A1B2C3D4E5F6G',
      serial_number: 'H4F7Q2XYZ9',
    },
  ],
  SPPrintersDataType: [
    {
      _name: 'HP_Color_LaserJet_MFP_M479fdw',
      cups_filters: [],
      cupsversion: '2.3.4',
      default: 'yes',
      driverversion: '2.0',
      fax: 'no',
      ppd: 'HP Color LaserJet MFP M479fdw-AirPrint',
      ppdfileversion: '1.0',
      printersharing: 'no',
      psversion: '(3010.000) 0',
      scanner: 'yes',
      scanneruuid: '564E4333-4D30-3030-3030-000000000000',
      status: 'idle',
      uri: 'ipp://HP-M479.local.:631/ipp/print',
    },
    {
      _name: 'Label_Printer',
      ppd: 'Zebra ZPL Label Printer',
      printersharing: 'yes',
      status: 'idle',
      uri: 'usb://Zebra%20Technologies/ZTC%20GK420d?serial=28J123456789',
    },
  ],
  SPSoftwareDataType: [
    {
      _name: 'os_overview',
      boot_mode: 'normal_boot',
      boot_volume: 'Macintosh HD',
      kernel_version: 'Darwin 23.2.0',
      local_host_name: 'Annas-MacBook-Air',
      os_version: 'macOS 14.2.1 (23C71)',
      secure_vm: 'secure_vm_enabled',
      system_integrity: 'integrity_enabled',
      uptime: 'up 2:3:15:42',
      user_name: 'Anna Berg (anna)',
    },
  ],
});

/** An Intel iMac in a VM-like state: placeholder serial, no printers, older field names. */
const INTEL = JSON.stringify({
  SPHardwareDataType: [
    {
      _name: 'hardware_overview',
      cpu_type: 'Quad-Core Intel Core i7',
      current_processor_speed: '3.6 GHz',
      boot_rom_version: '529.140.2.0.0',
      machine_model: 'iMac18,3',
      number_processors: 4,
      packages: 1,
      physical_memory: '32 GB',
      platform_UUID: '00000000-0000-0000-0000-000000000000',
      serial_number: 'Not Available',
    },
  ],
  SPSoftwareDataType: [
    { _name: 'os_overview', os_version: 'macOS 12.7.2 (21G1974)', user_name: 'System Administrator (root)' },
  ],
  SPApplicationsDataType: [],
  SPPrintersDataType: [{ _name: 'The printers list is empty. To add printers, go to System Settings.' }],
});

describe('parseSystemProfiler', () => {
  it('reads an Apple silicon Mac', () => {
    expect(parseSystemProfiler(APPLE_SILICON)).toEqual({
      hostname: 'Annas-MacBook-Air',
      os_version: 'macOS 14.2.1 (23C71)',
      service_tag: 'H4F7Q2XYZ9',
      user: 'anna',
      memory_total_gb: 16,
      processor: 'Apple M2',
      cores_physical: 8,
      cores_logical: 8,
      hardware_uuid: 'A1B2C3D4-E5F6-5A7B-8C9D-0E1F2A3B4C5D',
      model: 'MacBook Air (Mac14,2)',
      bios_version: '10151.61.4',
      os_build: '23C71',
      installed_software: [
        { name: 'Microsoft Word', version: '16.80' },
        { name: 'Safari', version: '17.2.1' },
        { name: 'Slack', version: '4.36.140' },
        { name: 'Unsigned Tool', version: null },
      ],
      printers: [
        {
          name: 'HP_Color_LaserJet_MFP_M479fdw',
          driver: 'HP Color LaserJet MFP M479fdw-AirPrint',
          network: true,
          shared: false,
        },
        { name: 'Label_Printer', driver: 'Zebra ZPL Label Printer', network: false, shared: true },
      ],
    });
  });

  it('reads an Intel Mac, dropping placeholder serial and UUID and the empty-printers message', () => {
    expect(parseSystemProfiler(INTEL)).toMatchObject({
      service_tag: null,
      hardware_uuid: null,
      user: 'root',
      memory_total_gb: 32,
      processor: 'Quad-Core Intel Core i7 @ 3.6 GHz',
      cores_physical: 4,
      cores_logical: null,
      // No marketing name in this output: the model identifier alone.
      model: 'iMac18,3',
      bios_version: '529.140.2.0.0',
      os_build: '21G1974',
      installed_software: [],
      printers: [],
    });
  });

  it('survives no output at all', () => {
    expect(parseSystemProfiler(null)).toEqual({
      hostname: null,
      os_version: null,
      service_tag: null,
      user: null,
      memory_total_gb: null,
      processor: null,
      cores_physical: null,
      cores_logical: null,
      hardware_uuid: null,
      model: null,
      bios_version: null,
      os_build: null,
      installed_software: [],
      printers: [],
    });
  });
});

describe('parseMemorySize', () => {
  it.each([
    ['16 GB', 16],
    ['8 GB', 8],
    ['1 TB', 1024],
    ['512 MB', 0.5],
    ['lots', null],
  ])('%j → %j', (value, expected) => {
    expect(parseMemorySize(value)).toBe(expected);
  });
});

describe('parseSharingList', () => {
  it('reads share points from sharing -l', () => {
    const stdout = `List of Share Points
name:\t\tAnna's Public Folder
path:\t\t/Users/anna/Public
\tafp:\t{
\t\tname:\tAnna's Public Folder
\t\tshared:\t1
\t\tguest access:\t1
\t\tinherit perms:\t0
\t}
\tsmb:\t{
\t\tname:\tAnna's Public Folder
\t\tshared:\t1
\t\tguest access:\t1
\t}

name:\t\tDesign
path:\t\t/Volumes/Work/Design
\tsmb:\t{
\t\tname:\tDesign
\t\tshared:\t1
\t}
`;
    expect(parseSharingList(stdout)).toEqual([
      { name: "Anna's Public Folder", path: '/Users/anna/Public' },
      { name: 'Design', path: '/Volumes/Work/Design' },
    ]);
  });
  it('gives nothing without share points or without root', () => {
    expect(parseSharingList('No share point records.\n')).toEqual([]);
    expect(parseSharingList(null)).toEqual([]);
  });
});

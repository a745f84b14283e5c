import { describe, expect, it } from 'vitest';
import {
  parseDpkgQuery,
  parseLpoptions,
  parseLpstatDevices,
  parseLpstatPrinters,
  parseRpmQuery,
  parseSmbConf,
  pickServiceTag,
  printersFromCups,
  processorName,
} from './linux';

describe('parseDpkgQuery', () => {
  it('keeps installed and held packages, not removed ones with configuration left', () => {
    const stdout = [
      'ii \tadduser\t3.134',
      'ii \tlibc6\t2.36-9+deb12u4',
      'ii \tlibc6\t2.36-9+deb12u4',
      'rc \tlinux-image-6.1.0-10-amd64\t6.1.38-2',
      'hi \tnginx\t1.22.1-9',
      'un \tnothing\t',
      '',
    ].join('\n');
    expect(parseDpkgQuery(stdout)).toEqual([
      { name: 'adduser', version: '3.134' },
      { name: 'libc6', version: '2.36-9+deb12u4' },
      { name: 'nginx', version: '1.22.1-9' },
    ]);
  });
  it('takes every line of the two-column format', () => {
    expect(parseDpkgQuery('bash\t5.2.15-2+b2\nvirtual-pkg\t\n')).toEqual([
      { name: 'bash', version: '5.2.15-2+b2' },
      { name: 'virtual-pkg', version: null },
    ]);
  });
  it('gives nothing for a missing tool', () => {
    expect(parseDpkgQuery(null)).toEqual([]);
  });
});

describe('parseRpmQuery', () => {
  it('reads name and version-release, skipping gpg-pubkey entries', () => {
    const stdout = [
      'bash\t5.1.8-6.el9_1',
      'gpg-pubkey\t8483c65d-5ccc5b19',
      'kernel-core\t5.14.0-362.8.1.el9_3',
      'fedora-release-common\t39-(none)',
      '',
    ].join('\n');
    expect(parseRpmQuery(stdout)).toEqual([
      { name: 'bash', version: '5.1.8-6.el9_1' },
      { name: 'fedora-release-common', version: '39' },
      { name: 'kernel-core', version: '5.14.0-362.8.1.el9_3' },
    ]);
  });
});

const LPSTAT_V = `device for HP_LaserJet_M404: ipp://192.168.1.20/ipp/print
device for Office-Copier: socket://10.0.0.5:9100
device for PDF: cups-pdf:/
device for Label_Printer: usb://Zebra%20Technologies/ZTC%20GK420d?serial=28J123456789
device for Finance: smb://fileserver/finance-printer
`;
const LPSTAT_P = `printer HP_LaserJet_M404 is idle.  enabled since Mon 15 Jan 2024 09:12:44 GMT
printer Label_Printer disabled since Tue 16 Jan 2024 10:00:00 GMT -
\treason unknown
printer Office-Copier now printing Office-Copier-42.  enabled since Wed 17 Jan 2024 08:00:00 GMT
printer PDF is idle.  enabled since Mon 15 Jan 2024 09:00:00 GMT
printer Finance is idle.  enabled since Mon 15 Jan 2024 09:00:00 GMT
`;
const LPOPTIONS_HP =
  'copies=1 device-uri=ipp://192.168.1.20/ipp/print finishings=3 job-cancel-after=10800 job-hold-until=no-hold ' +
  'job-priority=50 job-sheets=none,none marker-change-time=0 number-up=1 ' +
  "printer-commands=AutoConfigure,Clean,PrintSelfTestPage printer-info='HP LaserJet M404' " +
  'printer-is-accepting-jobs=true printer-is-shared=true printer-is-temporary=false ' +
  "printer-location='2nd floor' printer-make-and-model='HP LaserJet Pro M404-M405, driverless, cups-filters 1.28.17' " +
  'printer-state=3 printer-state-change-time=1705309964 printer-type=8564756 printer-uri-supported=ipp://localhost/printers/HP_LaserJet_M404\n';
const LPOPTIONS_PDF =
  'device-uri=cups-pdf:/ printer-make-and-model=Generic\\ CUPS-PDF\\ Printer printer-is-shared=false\n';

describe('CUPS parsers', () => {
  it('reads device URIs and queue names', () => {
    expect(parseLpstatDevices(LPSTAT_V).get('Office-Copier')).toBe('socket://10.0.0.5:9100');
    expect(parseLpstatPrinters(LPSTAT_P)).toEqual([
      'HP_LaserJet_M404',
      'Label_Printer',
      'Office-Copier',
      'PDF',
      'Finance',
    ]);
  });
  it('reads lpoptions values, quoted or backslash-escaped', () => {
    const hp = parseLpoptions(LPOPTIONS_HP);
    expect(hp.get('printer-make-and-model')).toBe(
      'HP LaserJet Pro M404-M405, driverless, cups-filters 1.28.17',
    );
    expect(hp.get('printer-location')).toBe('2nd floor');
    expect(hp.get('printer-is-shared')).toBe('true');
    expect(parseLpoptions(LPOPTIONS_PDF).get('printer-make-and-model')).toBe('Generic CUPS-PDF Printer');
  });
  it('builds printers with driver, network and sharing', () => {
    const printers = printersFromCups(
      LPSTAT_P,
      LPSTAT_V,
      new Map([
        ['HP_LaserJet_M404', LPOPTIONS_HP],
        ['PDF', LPOPTIONS_PDF],
        ['Label_Printer', null],
      ]),
    );
    expect(printers).toEqual([
      {
        name: 'HP_LaserJet_M404',
        driver: 'HP LaserJet Pro M404-M405, driverless, cups-filters 1.28.17',
        network: true,
        shared: true,
      },
      { name: 'Label_Printer', driver: null, network: false, shared: null },
      { name: 'Office-Copier', driver: null, network: true, shared: null },
      { name: 'PDF', driver: 'Generic CUPS-PDF Printer', network: false, shared: false },
      { name: 'Finance', driver: null, network: true, shared: null },
    ]);
  });
  it('gives no printers when CUPS is not installed', () => {
    expect(printersFromCups(null, null)).toEqual([]);
  });
  it('lists a queue seen only by lpstat -v, and one seen only by lpstat -p with unknown network', () => {
    const printers = printersFromCups('printer Lonely is idle.\n', 'device for Other: ipp://x/ipp\n');
    expect(printers).toEqual([
      { name: 'Lonely', driver: null, network: null, shared: null },
      { name: 'Other', driver: null, network: true, shared: null },
    ]);
  });
});

const SMB_CONF = `#======================= Global Settings =======================
[global]
   workgroup = WORKGROUP
   server string = %h server (Samba, Ubuntu)
   usershare allow guests = yes

[homes]
   comment = Home Directories
   browseable = no

[printers]
   comment = All Printers
   path = /var/spool/samba
   printable = yes

[print$]
   comment = Printer Drivers
   path = /var/lib/samba/printers

; [disabled-by-comment]
;   path = /srv/old

[Projects]
   comment = Team projects
   path = /srv/projects
   read only = no

[archive]
   directory = /mnt/archive
   available = no

[Scans]
   comment = Scanned documents from \\
      the copier
   path = /srv/scans

[label-queue]
   path = /var/spool/labels
   print ok = yes
`;

const USERSHARE_INFO = `[Public]
path=/home/alice/Public
comment=
usershare_acl=Everyone:R,
guest_ok=n
[music]
path=/home/alice/Music
comment=Music for the office
usershare_acl=S-1-1-0:F,
guest_ok=y
`;

describe('parseSmbConf', () => {
  it('lists share sections with their path, skipping global, printers, print$ and printable or unavailable shares', () => {
    expect(parseSmbConf(SMB_CONF)).toEqual([
      { name: 'homes', path: null },
      { name: 'Projects', path: '/srv/projects' },
      { name: 'Scans', path: '/srv/scans' },
    ]);
  });
  it('reads net usershare info output', () => {
    expect(parseSmbConf(USERSHARE_INFO)).toEqual([
      { name: 'Public', path: '/home/alice/Public' },
      { name: 'music', path: '/home/alice/Music' },
    ]);
  });
  it('gives nothing without Samba', () => {
    expect(parseSmbConf(null)).toEqual([]);
    expect(parseSmbConf('')).toEqual([]);
  });
});

describe('pickServiceTag', () => {
  it('skips junk and empty serials', () => {
    expect(pickServiceTag('-', 'To Be Filled By O.E.M.', '', 'PF3ABC12')).toBe('PF3ABC12');
    expect(pickServiceTag('Default string', '0')).toBeNull();
  });
});

describe('processorName', () => {
  it.each([
    ['Intel', 'Xeon® Processor', 'Intel Xeon® Processor'],
    ['Intel', 'Core™ i7-1185G7', 'Intel Core™ i7-1185G7'],
    ['AMD', 'AMD Ryzen 7 5800X 8-Core Processor', 'AMD Ryzen 7 5800X 8-Core Processor'],
    ['', 'Cortex-A72', 'Cortex-A72'],
    ['ARM', '', 'ARM'],
    ['', '', null],
  ])('%j + %j → %j', (manufacturer, brand, expected) => {
    expect(processorName(manufacturer, brand)).toBe(expected);
  });
});

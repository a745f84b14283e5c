import { describe, expect, it } from 'vitest';
import {
  softwareMachinesReportCsv,
  softwareMachinesReportFileName,
  softwareReportCsv,
  softwareReportFileName,
} from './software-report';

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('software exports', () => {
  it('lists each program with its machines and versions, every cell quoted', () => {
    const csv = softwareReportCsv([
      {
        name: 'Google Chrome',
        machines: 3,
        versions: [
          { version: '120.0.1', machines: 2 },
          { version: '', machines: 1 },
        ],
      },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual([
      '"Program","Machines","Versions"',
      '"Google Chrome","3","120.0.1 (2); No version (1)"',
      '',
    ]);
  });

  it('neutralises program names and hostnames a spreadsheet would run as a formula', () => {
    const csv = softwareReportCsv([{ name: '=HYPERLINK("http://x")', machines: 1, versions: [] }]);
    expect(lines(csv)[1]).toBe('"\'=HYPERLINK(""http://x"")","1","-"');
    const machines = softwareMachinesReportCsv([
      {
        machine_id: 'M-1',
        hostname: '@SUM(A1)',
        versions: ['1.0', '1.1'],
        since: '2026-11-01T10:00:00.000Z',
        last_seen: null,
      },
    ]);
    expect(lines(machines)[0]).toBe('"Hostname","Machine ID","Version","Since","Last Seen"');
    expect(lines(machines)[1]).toMatch(/^"'@SUM\(A1\)","M-1","1\.0, 1\.1","\d\d\/11\/2026","-"$/);
  });

  it('names the files after the date, and the program', () => {
    const day = new Date(2026, 10, 26, 12);
    expect(softwareReportFileName(day)).toBe('software-2026-11-26.csv');
    expect(softwareMachinesReportFileName('Google Chrome (64-bit)', day)).toBe(
      'software-google-chrome-64-bit-2026-11-26.csv',
    );
    expect(softwareMachinesReportFileName('日本語', day)).toBe('software-program-2026-11-26.csv');
  });
});

import type { DisposalItem } from '@shared/disposal';
import { csvCalendarDate, csvCell, csvLocalDate, csvReport, localIsoDate } from '../../components/csv-report';

/** The export's columns, in order (SPEC 7). */
export const DISPOSAL_REPORT_COLUMNS = [
  'Asset Type',
  'Asset Name',
  'Serial Number',
  'Asset Tag',
  'Disposal Reason',
  'Disposal Date',
  'Status',
  'Disposal Notes',
  'Created Date',
] as const;

function row(item: DisposalItem): string[] {
  return [
    csvCell(item.asset_type),
    csvCell(item.asset_name),
    csvCell(item.serial_number),
    csvCell(item.asset_tag),
    csvCell(item.disposal_reason),
    csvCalendarDate(item.disposal_date),
    csvCell(item.status),
    csvCell(item.disposal_notes),
    csvLocalDate(item.created_at),
  ];
}

/** The disposal report as CSV text, by the rules of every report (components/csv-report.ts). */
export function disposalReportCsv(items: readonly DisposalItem[]): string {
  return csvReport(DISPOSAL_REPORT_COLUMNS, items.map(row));
}

/** disposal-report-2026-03-14.csv, with the viewer's local date. */
export function disposalReportFileName(today: Date): string {
  return `disposal-report-${localIsoDate(today)}.csv`;
}

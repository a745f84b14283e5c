import type { HardwareAsset } from '@shared/hardware';
import { csvCalendarDate, csvCell, csvLocalDate, csvReport, localIsoDate } from '../../components/csv-report';

/** The export's columns, in order: every field a person enters, then when the asset was added. */
export const HARDWARE_REPORT_COLUMNS = [
  'Asset Type',
  'Manufacturer',
  'Model',
  'Serial Number',
  'Asset Tag',
  'Status',
  'Assigned To',
  'Location',
  'Purchase Date',
  'Warranty Expiry',
  'CPU',
  'RAM (GB)',
  'Storage (GB)',
  'Operating System',
  'Disposal Reason',
  'Disposal Date',
  'Notes',
  'Created Date',
] as const;

/** RAM and storage: 0 is what the form saves when nothing was entered (SPEC 5), so it is empty. */
function gigabytes(value: number): string {
  return value === 0 ? csvCell(null) : String(value);
}

function row(asset: HardwareAsset): string[] {
  return [
    csvCell(asset.asset_type),
    csvCell(asset.manufacturer),
    csvCell(asset.model),
    csvCell(asset.serial_number),
    csvCell(asset.asset_tag),
    csvCell(asset.status),
    csvCell(asset.assigned_to),
    csvCell(asset.location),
    csvCalendarDate(asset.purchase_date),
    csvCalendarDate(asset.warranty_expiry),
    csvCell(asset.cpu),
    gigabytes(asset.ram_gb),
    gigabytes(asset.storage_gb),
    csvCell(asset.os),
    csvCell(asset.disposal_reason),
    csvCalendarDate(asset.disposal_date),
    csvCell(asset.notes),
    csvLocalDate(asset.created_at),
  ];
}

/** The hardware list as CSV text, by the rules of every report (components/csv-report.ts). */
export function hardwareReportCsv(assets: readonly HardwareAsset[]): string {
  return csvReport(HARDWARE_REPORT_COLUMNS, assets.map(row));
}

/** hardware-2026-03-14.csv, with the viewer's local date (as the disposal report's name). */
export function hardwareReportFileName(today: Date): string {
  return `hardware-${localIsoDate(today)}.csv`;
}

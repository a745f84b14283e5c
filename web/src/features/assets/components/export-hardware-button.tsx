import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/api-client';
import { formatCount } from '../../../components/format';
import { listAllHardware } from '../api/list-hardware';
import type { HardwareFilters } from '../api/hardware-keys';
import { plural } from '../../../components/format';

export const EXPORT_FAILED = 'Failed to export CSV';

interface ExportHardwareButtonProps {
  /** The list's search, filters and order: the export holds every asset they match, in that order. */
  filters: HardwareFilters;
  /** The list shows no asset. */
  isDisabled: boolean;
  onExported: (message: string) => void;
  onFailed: (message: string) => void;
}

/**
 * Export CSV: every matching asset, fetched page by page with its progress on the button, then
 * saved as hardware-{date}.csv. The report's code (and its CSV writer) loads on the first export.
 */
export function ExportHardwareButton({
  filters,
  isDisabled,
  onExported,
  onFailed,
}: ExportHardwareButtonProps) {
  const [progress, setProgress] = useState<{ loaded: number; of: number | null } | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const exportCsv = async () => {
    if (progress) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, of: null });
    try {
      const [report, csv, assets] = await Promise.all([
        import('../hardware-report'),
        import('../../../components/csv-report'),
        listAllHardware(filters, (loaded, of) => setProgress({ loaded, of }), controller.signal),
      ]);
      const fileName = report.hardwareReportFileName(new Date());
      csv.downloadCsv(report.hardwareReportCsv(assets), fileName);
      onExported(`Exported ${plural(assets.length, 'hardware asset', 'hardware assets')} to ${fileName}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(EXPORT_FAILED, error);
      onFailed(errorMessage(error));
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const label = !progress
    ? ''
    : progress.of === null
      ? `Exporting… ${plural(progress.loaded, 'asset', 'assets')}`
      : `Exporting… ${formatCount(progress.loaded)} of ${formatCount(progress.of)}`;
  return (
    <>
      <Button
        onClick={() => void exportCsv()}
        // Amplify's Button takes isDisabled over isLoading when given both.
        isDisabled={isDisabled || progress !== null}
        isLoading={progress !== null}
        loadingText={label}
      >
        Export CSV
      </Button>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
    </>
  );
}

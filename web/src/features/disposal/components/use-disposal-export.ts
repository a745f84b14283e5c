import { useEffect, useRef, useState } from 'react';
import { DISPOSAL_MESSAGES } from '@shared/disposal';
import { errorMessage } from '../../../api/api-client';
import { downloadCsv } from '../../../components/csv-report';
import { plural } from '../../../components/format';
import type { Problem } from '../../../components/problem-notice';
import type { DisposalFilters } from '../api/disposal-keys';
import { listAllDisposals } from '../api/list-disposals';
import { disposalReportCsv, disposalReportFileName } from '../disposal-report';

/**
 * Export to CSV: every item matching the search and filter, fetched page by page (the count so far
 * on the button), then saved. An export still running when the page closes is abandoned.
 */
export function useDisposalExport({
  onExported,
  onFailed,
}: {
  onExported: (message: string) => void;
  onFailed: (problem: Problem) => void;
}) {
  const [exporting, setExporting] = useState<{ loaded: number } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const start = async (filters: DisposalFilters) => {
    if (exporting) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setExporting({ loaded: 0 });
    try {
      const all = await listAllDisposals(filters, (loaded) => setExporting({ loaded }), controller.signal);
      const fileName = disposalReportFileName(new Date());
      downloadCsv(disposalReportCsv(all), fileName);
      onExported(`Exported ${plural(all.length, 'disposal item', 'disposal items')} to ${fileName}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(DISPOSAL_MESSAGES.exportFailed, error);
      onFailed({ heading: DISPOSAL_MESSAGES.exportFailed, message: errorMessage(error) });
    } finally {
      if (!controller.signal.aborted) setExporting(null);
    }
  };

  return {
    exporting: exporting !== null,
    /** The button's text while it runs. */
    label: exporting ? `Exporting… ${plural(exporting.loaded, 'item', 'items')}` : 'Export to CSV',
    start,
  };
}

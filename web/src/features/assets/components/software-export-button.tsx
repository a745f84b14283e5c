import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/api-client';
import { plural } from '../../../components/format';

interface SoftwareExportButtonProps {
  /** What the button says: "Export CSV". */
  label: string;
  /** Every row of the export, fetched page by page, and the file it is saved as. */
  load: (
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ) => Promise<{ csv: string; fileName: string; rows: number }>;
  noun: readonly [one: string, many: string];
  isDisabled: boolean;
  onDone: (message: string, failed: boolean) => void;
}

/** Export CSV of the software inventory or of a program's machines, its progress on the button. */
export function SoftwareExportButton({ label, load, noun, isDisabled, onDone }: SoftwareExportButtonProps) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const exportCsv = async () => {
    if (loaded !== null) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setLoaded(0);
    try {
      const [csvModule, report] = await Promise.all([
        import('../../../components/csv-report'),
        load((count) => setLoaded(count), controller.signal),
      ]);
      csvModule.downloadCsv(report.csv, report.fileName);
      onDone(`Exported ${plural(report.rows, noun[0], noun[1])} to ${report.fileName}`, false);
    } catch (error) {
      if (controller.signal.aborted) return;
      onDone(`Failed to export CSV: ${errorMessage(error)}`, true);
    } finally {
      if (!controller.signal.aborted) setLoaded(null);
    }
  };

  const progress = loaded === null ? '' : `Exporting… ${plural(loaded, noun[0], noun[1])}`;
  return (
    <>
      <Button
        onClick={() => void exportCsv()}
        isDisabled={isDisabled || loaded !== null}
        isLoading={loaded !== null}
        loadingText={progress}
      >
        {label}
      </Button>
      <VisuallyHidden role="status">{progress}</VisuallyHidden>
    </>
  );
}

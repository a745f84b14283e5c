import { Button, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import type { ImportRowError } from '@shared/hardware-import';
import { IMPORT_ERRORS_LISTED } from '@shared/hardware-import-job';
import { errorMessage } from '../../../api/api-client';
import { ColumnHeaders } from '../../../components/column-headers';
import { plural } from '../../../components/format';

/** The counts of a finished import. */
export function ImportCounts({ success, failed }: { success: number; failed: number }) {
  return (
    <dl className="import-counts">
      <div className="import-counts__item import-counts__item--success">
        <dt>Imported successfully</dt>
        <dd>{success.toLocaleString('en-GB')}</dd>
      </div>
      <div className="import-counts__item import-counts__item--failed">
        <dt>Failed</dt>
        <dd>{failed.toLocaleString('en-GB')}</dd>
      </div>
    </dl>
  );
}

/** "Ignored columns: Cost Centre, PO Number": headings of the file the import does not read. */
export function IgnoredColumns({ columns }: { columns: readonly string[] }) {
  if (columns.length === 0) return null;
  return (
    <Text className="import-ignored" marginBottom="small">
      <strong>Ignored columns:</strong> {columns.join(', ')}
    </Text>
  );
}

/**
 * The rows that failed, by their number in the file (the first IMPORT_ERRORS_LISTED of `failed`),
 * and the download of all of them as a CSV file with their errors.
 */
export function FailedRows({
  errors,
  failed,
  download,
}: {
  errors: readonly ImportRowError[];
  failed: number;
  /** Saves the failed rows' file; rejects with what to tell the person. */
  download: () => Promise<void>;
}) {
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  if (failed === 0) return null;
  const onDownload = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      await download();
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to download the failed rows'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <div className="table-scroll import-errors" role="region" aria-label="Rows that failed" tabIndex={0}>
        <Table size="small" variation="striped" caption={`${plural(failed, 'row', 'rows')} not imported`}>
          <TableHead>
            <TableRow>
              <ColumnHeaders labels={['Row', 'Error']} />
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error) => (
              <TableRow key={`${error.row}-${error.message}`}>
                <TableCell>{error.row}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {failed > errors.length ? (
        <Text marginTop="xs" color="font.secondary">
          The first {Math.min(errors.length, IMPORT_ERRORS_LISTED).toLocaleString('en-GB')} of{' '}
          {failed.toLocaleString('en-GB')} errors are listed; the download has them all.
        </Text>
      ) : null}
      <Button
        size="small"
        marginTop="small"
        onClick={() => void onDownload()}
        isLoading={downloading}
        loadingText="Downloading…"
        aria-describedby={problem ? problemId : undefined}
      >
        Download failed rows (CSV)
      </Button>
      {problem ? (
        <Text id={problemId} role="alert" className="import-file__error" marginTop="xs">
          {problem}
        </Text>
      ) : null}
    </>
  );
}

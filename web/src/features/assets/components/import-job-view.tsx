import { Alert, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { RefObject } from 'react';
import { failedRowsFileName, isImportFinished, type ImportJob } from '@shared/hardware-import-job';
import { downloadCsv } from '../../../components/csv-report';
import { getFailedRows } from '../api/import-hardware';
import { FailedRows, IgnoredColumns, ImportCounts } from './import-results';

const PROGRESS_LABEL: Record<'queued' | 'running', string> = {
  queued: 'Waiting to start',
  running: 'Importing',
};

/** A running import: its progress bar, "n of N rows", and that closing the dialog does not stop it. */
function ImportProgress({ job, problem }: { job: ImportJob; problem: string | null }) {
  const labelId = useId();
  const status = job.status === 'queued' ? 'queued' : 'running';
  return (
    <div className="import-progress">
      {job.file_name ? <Text className="import-progress__file">{job.file_name}</Text> : null}
      <Text id={labelId} aria-live="polite">
        {PROGRESS_LABEL[status]}: {job.done.toLocaleString('en-GB')} of {job.rows.toLocaleString('en-GB')}{' '}
        rows
      </Text>
      <progress
        className="import-progress__bar"
        max={Math.max(job.rows, 1)}
        value={job.done}
        aria-labelledby={labelId}
      />
      <Text color="font.secondary" fontSize="small">
        The import continues if you close this window. Open Import CSV again to see how it is going.
      </Text>
      {problem ? (
        <Text className="import-file__error" role="status">
          {problem}
        </Text>
      ) : null}
    </div>
  );
}

/**
 * An import followed to its end: its progress while it runs; then its counts, ignored columns and
 * failed rows; or, for one that stopped, why (a file refused at the plan's limit imported nothing,
 * and no count is shown beside that).
 */
export function ImportJobView({
  job,
  problem,
  headingRef,
  container,
}: {
  job: ImportJob;
  problem: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Where a download's link goes: inside the dialog, since the page behind it is inert. */
  container: RefObject<HTMLElement | null>;
}) {
  const headingId = useId();
  if (!isImportFinished(job)) return <ImportProgress job={job} problem={problem} />;
  const download = async () => {
    const text = await getFailedRows(job.id);
    downloadCsv(text, failedRowsFileName(job.file_name), container.current ?? document.body);
  };
  const nothingImported = job.status === 'failed' && job.success === 0;
  return (
    <section className="import-results" aria-labelledby={headingId}>
      <div role="status">
        <Heading level={3} id={headingId} ref={headingRef} tabIndex={-1} className="import-results__heading">
          {job.status === 'done'
            ? 'Import finished'
            : nothingImported
              ? 'The file was not imported'
              : 'The import stopped'}
        </Heading>
        {job.file_name ? <Text className="import-progress__file">{job.file_name}</Text> : null}
        {job.status === 'failed' ? (
          <Alert variation="error" marginBottom="small">
            {job.message}
          </Alert>
        ) : null}
        {nothingImported ? null : <ImportCounts success={job.success} failed={job.failed} />}
      </div>
      <IgnoredColumns columns={job.ignored_columns} />
      {nothingImported ? null : <FailedRows errors={job.errors} failed={job.failed} download={download} />}
      {job.status === 'done' && job.failed === 0 ? (
        <Text color="font.success">Every row was imported.</Text>
      ) : null}
    </section>
  );
}

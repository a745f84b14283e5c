import { Alert, Button, Heading, Label, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, RefObject } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, readCsvRecords } from '@shared/hardware-import';
import { failedRowsFileName, isImportFinished } from '@shared/hardware-import-job';
import { downloadCsv } from '../../../components/csv-report';
import { ModalDialog } from '../../../components/modal-dialog';
import { importRefusal, uploadImport, type ImportRefusal } from '../api/import-hardware';
import {
  followImport,
  forgetImport,
  resumeFollowedImport,
  useFollowedImport,
} from '../api/import-hardware-job';
import { ImportCsvHelp } from './import-csv-help';
import { ImportJobView } from './import-job-view';
import { FailedRows, IgnoredColumns } from './import-results';
import '../../../components/data-table.css';
import '../import-csv.css';

function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return IMPORT_MESSAGES.notCsv;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
}

interface ImportCsvModalProps {
  onClose: () => void;
}

/** A file refused as a whole, with nothing imported: why, and for a file of bad rows, those rows. */
function Refusal({
  refusal,
  fileName,
  container,
}: {
  refusal: ImportRefusal;
  fileName: string;
  container: RefObject<HTMLElement | null>;
}) {
  const headingId = useId();
  const heading = refusal.kind === 'plan_limit' ? 'The file was not imported' : 'No row can be imported';
  return (
    <section className="import-results" aria-labelledby={headingId}>
      <Alert variation="error" role="alert" marginBottom="small">
        <Heading level={3} id={headingId} className="import-results__heading">
          {heading}
        </Heading>
        <Text as="span" display="block">
          {refusal.message}
        </Text>
      </Alert>
      {refusal.ignoredColumns ? <IgnoredColumns columns={refusal.ignoredColumns} /> : null}
      {refusal.errors ? (
        <FailedRows
          errors={refusal.errors}
          failed={refusal.errors.length}
          download={async () => {
            if (refusal.failedRows)
              downloadCsv(
                refusal.failedRows,
                failedRowsFileName(fileName),
                container.current ?? document.body,
              );
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * Import CSV (issue 34): the file is uploaded whole and checked whole; the server's job imports it
 * and this dialog follows the job (import-hardware-job.ts), which goes on when the dialog is closed
 * and shows again when it is reopened, until the person closes its result with Done.
 */
export function ImportCsvModal({ onClose }: ImportCsvModalProps) {
  const queryClient = useQueryClient();
  const { job, problem, loading } = useFollowedImport();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ refusal: ImportRefusal; fileName: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();

  useEffect(() => resumeFollowedImport(queryClient), [queryClient]);

  const finished = job !== null && isImportFinished(job);
  const running = job !== null && !finished;
  // The Import button goes away when the upload is taken, and Close when the results come: the
  // keyboard follows, to Close and then to the results.
  useEffect(() => {
    if (running) closeRef.current?.focus();
  }, [running]);
  useEffect(() => {
    if (finished) resultsHeadingRef.current?.focus();
  }, [finished]);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setRefusal(null);
    const problem = chosen ? fileProblem(chosen) : null;
    setFile(problem ? null : chosen);
    setFileError(problem);
  };

  const importAnother = () => {
    forgetImport();
    setFile(null);
    setFileError(null);
    setRefusal(null);
    // The file field is back once this state renders.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onDone = () => {
    forgetImport();
    onClose();
  };

  const onImport = async () => {
    if (!file || uploading) return;
    const problem = fileProblem(file);
    if (problem) return setFileError(problem);
    setUploading(true);
    setRefusal(null);
    let text: string | null = null;
    try {
      text = await file.text();
      // What the browser can tell at once (no header, missing columns, too many rows), it tells.
      readCsvRecords(text);
      followImport(await uploadImport(file.name, text), queryClient);
    } catch (error) {
      const refused = importRefusal(error, text);
      if (refused.kind === 'file') {
        setFileError(refused.message);
        requestAnimationFrame(() => inputRef.current?.focus());
      } else setRefusal({ refusal: refused, fileName: file.name });
    } finally {
      setUploading(false);
    }
  };

  const footer = job ? (
    finished ? (
      <>
        <Button onClick={importAnother}>Import another file</Button>
        <Button variation="primary" onClick={onDone}>
          Done
        </Button>
      </>
    ) : (
      <Button ref={closeRef} variation="primary" onClick={onClose}>
        Close
      </Button>
    )
  ) : (
    <>
      <Button onClick={onClose} isDisabled={uploading}>
        Cancel
      </Button>
      <Button
        variation="primary"
        onClick={() => void onImport()}
        isDisabled={!file || loading}
        isLoading={uploading}
        loadingText="Uploading…"
      >
        Import
      </Button>
    </>
  );

  return (
    <ModalDialog title="Import CSV" onClose={onClose} dismissible={!uploading} size="large" footer={footer}>
      <div ref={contentRef}>
        {job ? (
          <ImportJobView job={job} problem={problem} headingRef={resultsHeadingRef} container={contentRef} />
        ) : loading ? (
          <div className="import-progress" role="status">
            <Loader /> <Text as="span">Checking the last import…</Text>
            {problem ? <Text className="import-file__error">{problem}</Text> : null}
          </div>
        ) : (
          <>
            <ImportCsvHelp id={helpId} />
            <div className="import-file">
              <Label htmlFor={inputId}>CSV file</Label>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                className="import-file__input"
                onChange={onFileChange}
                disabled={uploading}
                data-autofocus
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${errorId} ${helpId}` : helpId}
              />
              {fileError ? (
                <Text id={errorId} className="import-file__error" role="alert">
                  {fileError}
                </Text>
              ) : null}
            </div>
            {refusal ? (
              <Refusal refusal={refusal.refusal} fileName={refusal.fileName} container={contentRef} />
            ) : null}
          </>
        )}
      </div>
    </ModalDialog>
  );
}

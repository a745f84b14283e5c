import {
  Alert,
  Button,
  Flex,
  Heading,
  Label,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, RefObject } from 'react';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportFileError,
  REQUIRED_IMPORT_COLUMNS,
  importTemplateCsv,
  type ImportResult,
} from '@shared/hardware-import';
import { errorMessage } from '../../../api/api-client';
import { ModalDialog } from '../../../components/modal-dialog';
import { invalidateInventory } from '../../../api/inventory-keys';
import { prepareImport, runImport } from '../api/import-hardware';
import { ColumnHeaders } from '../../../components/column-headers';
import { plural } from '../../../components/format';
import '../../../components/data-table.css';
import '../import-csv.css';

const TEMPLATE_FILE_NAME = 'hardware-import-template.csv';

/** The spec's accepted aliases, and the column each one stands for. */
const ALIASES: readonly (readonly [alias: string, column: string])[] = [
  ['type', 'asset_type'],
  ['serial', 'serial_number'],
  ['tag', 'asset_tag'],
  ['purchase date', 'purchase_date'],
  ['warranty expiry', 'warranty_expiry'],
  ['assigned to', 'assigned_to'],
  ['operating system', 'os'],
];

type Phase =
  | { kind: 'choosing' }
  | { kind: 'importing'; done: number; total: number; result: ImportResult }
  | { kind: 'finished'; total: number; result: ImportResult }
  | { kind: 'stopped'; done: number; total: number; result: ImportResult; message: string };

function downloadTemplate(container: HTMLElement) {
  const url = URL.createObjectURL(new Blob([importTemplateCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  link.hidden = true;
  // Inside the modal dialog: the rest of the page is inert while it is open.
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return IMPORT_MESSAGES.notCsv;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
}

interface ImportCsvModalProps {
  onClose: () => void;
}

/**
 * Import CSV: the file is read and split in the browser, and its parts are sent one after another
 * so the progress bar moves as each lands. Results (counts and per-row errors) are merged.
 */
export function ImportCsvModal({ onClose }: ImportCsvModalProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });
  const inputRef = useRef<HTMLInputElement>(null);
  const helpRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const progressLabelId = useId();

  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);

  const importing = phase.kind === 'importing';
  const showResults = phase.kind === 'finished' || phase.kind === 'stopped';

  // The Import button goes away when the results come: take focus to them.
  useEffect(() => {
    if (showResults) resultsHeadingRef.current?.focus();
  }, [showResults]);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setPhase({ kind: 'choosing' });
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = fileProblem(chosen);
    setFile(problem ? null : chosen);
    setFileError(problem);
  };

  const chooseAnother = () => {
    setFile(null);
    setFileError(null);
    setPhase({ kind: 'choosing' });
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
  };

  const onImport = async () => {
    if (!file || importing) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    const empty: ImportResult = { success: 0, failed: 0, errors: [] };
    let prepared;
    try {
      prepared = prepareImport(await file.text());
    } catch (error) {
      setFileError(error instanceof ImportFileError ? error.message : errorMessage(error));
      inputRef.current?.focus();
      return;
    }
    setPhase({ kind: 'importing', done: 0, total: prepared.totalRows, result: empty });
    const outcome = await runImport(prepared, (progress) => setPhase({ kind: 'importing', ...progress }));
    if (outcome.result.success > 0) await invalidateInventory(queryClient);
    if (outcome.error) {
      console.error('Hardware import stopped', outcome.error);
      if (outcome.done === 0 && outcome.result.errors.length === 0) {
        // Refused as a whole (missing columns, too large...): nothing happened; say why at the file.
        setPhase({ kind: 'choosing' });
        setFileError(errorMessage(outcome.error));
        // The input is enabled again once this state renders.
        requestAnimationFrame(() => inputRef.current?.focus());
        return;
      }
      setPhase({
        kind: 'stopped',
        done: outcome.done,
        total: outcome.total,
        result: outcome.result,
        message: errorMessage(outcome.error),
      });
    } else {
      setPhase({ kind: 'finished', total: outcome.total, result: outcome.result });
    }
  };

  const result = phase.kind === 'choosing' ? null : phase.result;

  return (
    <ModalDialog
      title="Import CSV"
      onClose={onClose}
      dismissible={!importing}
      size="large"
      footer={
        showResults ? (
          <>
            <Button onClick={chooseAnother}>Import another file</Button>
            <Button variation="primary" onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} isDisabled={importing}>
              Cancel
            </Button>
            <Button
              variation="primary"
              onClick={() => void onImport()}
              isDisabled={!file}
              isLoading={importing}
              loadingText="Importing…"
            >
              Import
            </Button>
          </>
        )
      }
    >
      <div ref={helpRef} id={helpId} className="import-help">
        <Text>
          Upload a .csv file whose first row names the columns. Required columns:{' '}
          {REQUIRED_IMPORT_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 ? ', ' : null}
              <code>{column}</code>
            </span>
          ))}
          . Dates are YYYY-MM-DD; status defaults to Active.
        </Text>
        <Text marginTop="xs">
          Accepted aliases:{' '}
          {ALIASES.map(([alias, column], index) => (
            <span key={alias}>
              {index > 0 ? ', ' : null}
              <code>{alias}</code> for <code>{column}</code>
            </span>
          ))}
          .
        </Text>
      </div>
      <Button
        size="small"
        marginTop="small"
        onClick={() => helpRef.current && downloadTemplate(helpRef.current)}
      >
        Download template
      </Button>

      <div className="import-file">
        <Label htmlFor={inputId}>CSV file</Label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="import-file__input"
          onChange={onFileChange}
          disabled={importing}
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

      {phase.kind === 'importing' || phase.kind === 'stopped' ? (
        <div className="import-progress">
          <Text id={progressLabelId} aria-live="polite">
            Imported {phase.done.toLocaleString('en-GB')} of {phase.total.toLocaleString('en-GB')} rows
          </Text>
          <progress
            className="import-progress__bar"
            max={Math.max(phase.total, 1)}
            value={phase.done}
            aria-labelledby={progressLabelId}
          />
        </div>
      ) : null}

      {phase.kind === 'stopped' ? (
        <Alert variation="error" heading="The import stopped" role="alert" marginTop="medium">
          <Text as="span" display="block">
            {phase.message}
          </Text>
          <Text as="span" display="block">
            The results below are of the rows sent before it stopped.
          </Text>
        </Alert>
      ) : null}

      {showResults && result ? (
        <ImportResults result={result} finished={phase.kind === 'finished'} headingRef={resultsHeadingRef} />
      ) : null}
    </ModalDialog>
  );
}

/** At most this many per-row errors are listed; the count says how many there are. */
const ERRORS_LISTED = 1000;

function ImportResults({
  result,
  finished,
  headingRef,
}: {
  result: ImportResult;
  finished: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const listed = result.errors.slice(0, ERRORS_LISTED);
  return (
    <section className="import-results" aria-labelledby={headingId}>
      <div role="status">
        <Heading level={3} id={headingId} ref={headingRef} tabIndex={-1} className="import-results__heading">
          {finished ? 'Import finished' : 'Imported before the import stopped'}
        </Heading>
        <dl className="import-counts">
          <div className="import-counts__item import-counts__item--success">
            <dt>Imported successfully</dt>
            <dd>{result.success.toLocaleString('en-GB')}</dd>
          </div>
          <div className="import-counts__item import-counts__item--failed">
            <dt>Failed</dt>
            <dd>{result.failed.toLocaleString('en-GB')}</dd>
          </div>
        </dl>
      </div>
      {result.errors.length > 0 ? (
        <div className="table-scroll import-errors" role="region" aria-label="Rows that failed" tabIndex={0}>
          <Table
            size="small"
            variation="striped"
            caption={`${plural(result.errors.length, 'row', 'rows')} not imported`}
          >
            <TableHead>
              <TableRow>
                <ColumnHeaders labels={['Row', 'Error']} />
              </TableRow>
            </TableHead>
            <TableBody>
              {listed.map((error) => (
                <TableRow key={`${error.row}-${error.message}`}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {result.errors.length > listed.length ? (
        <Text marginTop="xs" color="font.secondary">
          The first {listed.length.toLocaleString('en-GB')} of {result.errors.length.toLocaleString('en-GB')}{' '}
          errors are listed.
        </Text>
      ) : null}
      {finished && result.failed === 0 ? (
        <Flex marginTop="small">
          <Text color="font.success">Every row was imported.</Text>
        </Flex>
      ) : null}
    </section>
  );
}

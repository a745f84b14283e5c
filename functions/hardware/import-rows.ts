import {
  IMPORT_MESSAGES,
  ImportFileError,
  parseHardwareCsv,
  type ImportRow,
  type ImportRowError,
} from '../../shared/hardware-import';
import { BadRequest, PayloadTooLarge } from '../lib/errors';
import { identifierKey, identifiers } from '../inventory/assets';
import { repeatedRowMessage } from './messages';

/**
 * A CSV file as the import reads it, the same way when it is uploaded and when its job writes it:
 * the rows it would write, and the row errors known before anything is written (rows that cannot
 * be read or validated, serial numbers and tags repeated within the file).
 */
export interface ImportFile {
  /** Data rows in the file. */
  totalRows: number;
  /** The rows to write, in the file's order. */
  writable: ImportRow[];
  /** Row errors known from the file alone, by row number. */
  errors: ImportRowError[];
  ignoredColumns: string[];
}

/** Rows whose serial number or asset tag repeats an earlier row of the same file become row errors. */
function withoutRepeats(rows: ImportRow[], errors: ImportRowError[]): ImportRow[] {
  const seen = new Map<string, number>();
  return rows.filter(({ row, asset }) => {
    for (const identifier of identifiers(asset)) {
      const earlier = seen.get(identifierKey(identifier));
      if (earlier !== undefined) {
        errors.push({ row, message: repeatedRowMessage(identifier.kind, asset, earlier) });
        return false;
      }
    }
    for (const identifier of identifiers(asset)) seen.set(identifierKey(identifier), row);
    return true;
  });
}

/** Reads the file; one that cannot be imported at all is a 400 (or 413) saying why. */
export function readImportFile(text: string): ImportFile {
  let parsed;
  try {
    parsed = parseHardwareCsv(text);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    if (error.message === IMPORT_MESSAGES.tooLarge) throw new PayloadTooLarge(error.message);
    throw new BadRequest(error.message, 'invalid_csv');
  }
  const errors = [...parsed.errors];
  const writable = withoutRepeats(parsed.rows, errors);
  return {
    totalRows: parsed.totalRows,
    writable,
    errors: errors.sort((a, b) => a.row - b.row),
    ignoredColumns: parsed.ignoredColumns,
  };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The characters of an imported asset's id that name its row: 32^5 rows, far past the file's limit. */
const ROW_CHARACTERS = 5;

/**
 * The asset id of a job's row: the job's ULID (its time and most of its randomness) with the row
 * number in its last characters. A run of the job retried after a crash names each row's asset as
 * the first run did, and so finds the rows that run wrote instead of writing them twice; and the
 * ids of one file still sort in its rows' order.
 */
export function importedAssetId(jobId: string, row: number): string {
  let suffix = '';
  for (let rest = row, place = 0; place < ROW_CHARACTERS; place++, rest = Math.floor(rest / 32)) {
    suffix = CROCKFORD[rest % 32]! + suffix;
  }
  return jobId.slice(0, jobId.length - ROW_CHARACTERS) + suffix;
}

import { Button, Text } from '@aws-amplify/ui-react';
import { useRef } from 'react';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  REQUIRED_IMPORT_COLUMNS,
  importTemplateCsv,
} from '@shared/hardware-import';
import { SPREADSHEET_DATE_FORMS } from '@shared/spreadsheet-dates';
import { downloadCsv } from '../../../components/csv-report';

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

function Codes({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 ? ', ' : null}
      <code>{name}</code>
    </span>
  ));
}

/** What a file must hold, the spec's aliases, and the template download. */
export function ImportCsvHelp({ id }: { id: string }) {
  const helpRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={helpRef} id={id} className="import-help">
        <Text>
          Upload a .csv file whose first row names the columns. Required columns:{' '}
          <Codes names={REQUIRED_IMPORT_COLUMNS} />. Headings are matched ignoring case, spaces and
          underscores (<code>Asset Type</code> is <code>asset_type</code>); other columns are listed as
          ignored.
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
        <Text marginTop="xs">
          Dates as {SPREADSHEET_DATE_FORMS}; status defaults to Active. Up to{' '}
          {IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows and {IMPORT_MAX_BYTES / 1024 / 1024} MB per file.
        </Text>
      </div>
      <Button
        size="small"
        marginTop="small"
        onClick={() =>
          helpRef.current && downloadCsv(importTemplateCsv(), TEMPLATE_FILE_NAME, helpRef.current)
        }
      >
        Download template
      </Button>
    </>
  );
}

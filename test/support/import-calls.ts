import type { ImportJob } from '../../shared/hardware-import-job';
import { importCsv } from './import';
import type { TestCompany } from './stack-client';

/**
 * The CSV import's routes (issue 34) as the tenant and role matrix attacks them
 * (test/reliability/tenant-matrix.test.ts): the victim's finished import by its id; an outsider's
 * own upload is taken (202) into the outsider's organisation.
 */
export function importCalls(victim: { importJobId: string }) {
  const job = { object: 'import' as const, params: { id: victim.importJobId } };
  return {
    'POST /api/hardware/import': {
      ownStatus: 202,
      options: {
        rawBody: 'asset_type,manufacturer,model\r\nLaptop,Dell,Intruder import\r\n',
        headers: { 'content-type': 'text/csv' },
      },
    },
    'GET /api/hardware/imports/{id}': job,
    'GET /api/hardware/imports/{id}/failed-rows': job,
  };
}

/**
 * The victim's import: finished, with a failed row, under a file name of its own; and the strings
 * only it holds, which no outsider's answer may carry.
 */
export async function victimImport(admin: TestCompany): Promise<ImportJob & { secrets: string[] }> {
  const job = await importCsv(
    admin,
    'asset_type,manufacturer,model,serial_number\r\nLaptop,Dell,Victim Imported Model,VICTIM-SERIAL-2\r\nLaptop,Dell,,\r\n',
    { fileName: 'victim-inventory.csv' },
  );
  return { ...job, secrets: [job.id, 'Victim Imported Model', 'VICTIM-SERIAL-2', 'victim-inventory'] };
}

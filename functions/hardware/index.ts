import { featureHandler } from '../lib/feature';
import { handler as bulkStatus } from './bulk-status';
import { handler as bulkUpdate } from './bulk-update';
import { handler as create } from './create';
import { handler as dashboard } from './dashboard';
import { handler as remove } from './delete';
import { handler as get } from './get';
import { handler as importCsv } from './import';
import { handler as importFailedRows } from './import-failed-rows';
import { handler as importGet } from './import-get';
import { handler as list } from './list';
import { handler as locations } from './locations';
import { handler as update } from './update';

export const handler = featureHandler('hardware', {
  dashboard,
  list,
  locations,
  create,
  get,
  update,
  delete: remove,
  'bulk-status': bulkStatus,
  'bulk-update': bulkUpdate,
  import: importCsv,
  'import-get': importGet,
  'import-failed-rows': importFailedRows,
});

import { importJobParamsSchema } from '../../shared/hardware-import-job';
import { userRoute } from '../lib/http';
import { getImportJob } from './import-jobs';

/** GET /api/hardware/imports/{id}: an import's progress, and its row errors once it has finished. */
export const handler = userRoute({ params: importJobParamsSchema }, ({ caller, params }) =>
  getImportJob(caller, params.id),
);

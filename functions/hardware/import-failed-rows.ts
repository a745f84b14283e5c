import { failedRowsCsv, failedRowsFileName, importJobParamsSchema } from '../../shared/hardware-import-job';
import { RawAnswer, userRoute } from '../lib/http';
import { failedRowsOf } from './import-jobs';

/** GET /api/hardware/imports/{id}/failed-rows: the rows that failed, as in the file, with an error column. */
export const handler = userRoute({ params: importJobParamsSchema }, async ({ caller, params }) => {
  const { item, text, errors } = await failedRowsOf(caller, params.id);
  return new RawAnswer({
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${failedRowsFileName(item.file_name ?? null).replace(/["\\\r\n]/g, '_')}"`,
      'cache-control': 'no-store',
    },
    body: failedRowsCsv(text, errors),
  });
});

import { featureHandler } from '../lib/feature';
import { handler as complete } from './complete';
import { handler as create } from './create';
import { handler as remove } from './delete';
import { handler as list } from './list';
import { handler as revert } from './revert';
import { handler as stats } from './stats';

export const handler = featureHandler('disposal', {
  list,
  stats,
  create,
  complete,
  revert,
  delete: remove,
});

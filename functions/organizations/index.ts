import { featureHandler } from '../lib/feature';
import { handler as remove } from './delete';
import { handler as list } from './list';

export const handler = featureHandler('organizations', { list, delete: remove });

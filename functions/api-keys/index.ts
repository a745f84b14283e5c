import { featureHandler } from '../lib/feature';
import { handler as create } from './create';
import { handler as remove } from './delete';
import { handler as list } from './list';

export const handler = featureHandler('api-keys', { list, create, delete: remove });

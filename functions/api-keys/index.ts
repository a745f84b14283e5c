import { featureHandler } from '../lib/feature';
import { handler as create } from './create';
import { handler as remove } from './delete';
import { handler as devices } from './devices';
import { handler as list } from './list';
import { handler as rotate } from './rotate';

export const handler = featureHandler('api-keys', { list, create, delete: remove, rotate, devices });

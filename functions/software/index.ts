import { featureHandler } from '../lib/feature';
import { handler as list } from './list';
import { handler as machines } from './machines';

export const handler = featureHandler('software', { list, machines });

import { featureHandler } from '../lib/feature';
import { handler as list } from './list';

export const handler = featureHandler('audit', { list });

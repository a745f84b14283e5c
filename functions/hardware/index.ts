import { featureHandler } from '../lib/feature';
import { handler as dashboard } from './dashboard';

export const handler = featureHandler('hardware', { dashboard });

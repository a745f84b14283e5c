import { featureHandler } from '../lib/feature';
import { handler as report } from './report';

export const handler = featureHandler('agent-reports', { report });

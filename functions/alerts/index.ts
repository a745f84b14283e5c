import { featureHandler } from '../lib/feature';
import { handler as sendDigest } from './digest-send';
import { handler as getSettings } from './settings-get';
import { handler as updateSettings } from './settings-update';

export const handler = featureHandler('alerts', {
  'settings-get': getSettings,
  'settings-update': updateSettings,
  'digest-send': sendDigest,
});

import { alertSettingsUpdateSchema, type AlertSettings } from '../../shared/alerts';
import { userRoute } from '../lib/http';
import { setAlertSettings } from './service';

export const handler = userRoute(
  { body: alertSettingsUpdateSchema },
  ({ caller, body, now }): Promise<AlertSettings> => setAlertSettings(caller, body, now),
);

import {
  organizationSettingsUpdateSchema,
  type OrganizationSettings,
} from '../../shared/organization-settings';
import { userRoute } from '../lib/http';
import { setOrganizationSettings } from './organization-settings';

export const handler = userRoute(
  { body: organizationSettingsUpdateSchema },
  ({ caller, body, now }): Promise<OrganizationSettings> => setOrganizationSettings(caller, body, now),
);

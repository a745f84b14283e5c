import { organizationSecuritySchema, type OrganizationSecurity } from '../../shared/mfa-requests';
import { userRoute } from '../lib/http';
import { setOrganizationSecurity } from './organization-security';

export const handler = userRoute(
  { body: organizationSecuritySchema },
  ({ caller, body, now }): Promise<OrganizationSecurity> => setOrganizationSecurity(caller, body, now),
);

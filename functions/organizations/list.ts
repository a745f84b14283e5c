import type { OrganizationListResponse } from '../../shared/users';
import { userRoute } from '../lib/http';
import { listOrganizations } from './service';

export const handler = userRoute({}, async (): Promise<OrganizationListResponse> => ({
  items: await listOrganizations(),
}));

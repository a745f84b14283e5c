import type { Role } from './constants';
import type { SubscriptionStatus } from './subscription';

/** The error body of every 4xx and 5xx (API.md). */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface UserProfile {
  id: string;
  email: string;
  full_name: string | null;
  organization_id: string;
  role: Role;
  created_at: string;
}

export interface Organization {
  id: string;
  name: string;
  owner_id: string;
  created_at: string;
}

export interface MeSubscription {
  status: SubscriptionStatus;
  has_active_subscription: boolean;
  trial_end_date: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  plan_id: string | null;
}

export interface MeResponse {
  profile: UserProfile;
  organization: Organization;
  subscription: MeSubscription;
}

export interface DashboardResponse {
  total_hardware: number;
  active_hardware: number;
  agents: number;
  active_agents: number;
}

import { BillingTab } from '../features/billing/components/billing-tab';
import { SettingsPage } from '../features/settings/components/settings-page';

/** Settings, with the Billing feature's tab under Billing & Subscription. */
export function SettingsScreen() {
  return <SettingsPage billing={<BillingTab />} />;
}

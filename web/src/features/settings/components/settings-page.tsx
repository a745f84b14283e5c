import { Heading, Tabs } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { mustSetUpMfa } from '@shared/mfa';
import type { MeResponse } from '@shared/api';
import { isGated, useCurrentUser } from '../../../api/me';
import { AlertsSection } from './alerts-section';
import { ApiKeysSection } from './api-keys-section';
import { AuditLogList } from './audit-log-list';
import { MonitoringAgentSection } from './monitoring-agent-section';
import { OrganizationInformation } from './organization-information';
import { SecuritySection } from './security-section';
import '../settings.css';

const SETTINGS_TABS = ['general', 'security', 'billing', 'audit'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

function isSettingsTab(value: string): value is SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value);
}

/**
 * ?tab=security|billing|audit picks that sub-tab; anything else is general, except that gated users
 * start on billing. A person who must set MFA up sees Security whatever the address says: the API
 * refuses them everything else until they have (issue 25).
 */
function tabFromQuery(tab: string | null, me: MeResponse): SettingsTab {
  if (mustSetUpMfa(me.profile.role, me.organization.require_mfa, me.profile.mfa_enabled)) return 'security';
  if (tab === null) return isGated(me) ? 'billing' : 'general';
  return tab !== 'general' && isSettingsTab(tab) ? tab : 'general';
}

/** `billing`: the Billing feature's tab, which the app (web/src/app/settings-screen.tsx) hands in. */
export function SettingsPage({ billing }: { billing: ReactNode }) {
  const me = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'), me);

  const selectTab = (value: string) => {
    if (!isSettingsTab(value)) return;
    setSearchParams((params) => {
      params.set('tab', value);
      return params;
    });
  };

  return (
    <>
      <Heading level={2} marginBottom="medium">
        Settings
      </Heading>
      <Tabs.Container value={tab} onValueChange={selectTab}>
        <Tabs.List aria-label="Settings sections" className="settings-tabs">
          <Tabs.Item value="general">General Settings</Tabs.Item>
          <Tabs.Item value="security">Security</Tabs.Item>
          <Tabs.Item value="billing">Billing &amp; Subscription</Tabs.Item>
          <Tabs.Item value="audit">Audit Logs</Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="general" paddingTop="medium">
          {tab === 'general' && (
            <>
              <OrganizationInformation />
              <ApiKeysSection />
              <MonitoringAgentSection />
              <AlertsSection />
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="security" paddingTop="medium">
          {tab === 'security' && <SecuritySection />}
        </Tabs.Panel>
        <Tabs.Panel value="billing" paddingTop="medium">
          {tab === 'billing' && billing}
        </Tabs.Panel>
        <Tabs.Panel value="audit" paddingTop="medium">
          <AuditLogList active={tab === 'audit'} />
        </Tabs.Panel>
      </Tabs.Container>
    </>
  );
}

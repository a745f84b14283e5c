import { SwitchField, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { hasRole } from '@shared/constants';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { AGENT_AUTO_UPDATE_MESSAGES } from '@shared/organization-settings';
import { useCurrentUser } from '../../../api/me';
import { useUpdateOrganizationSettings } from '../api/organization-settings';
import { OrganizationSettingStatus } from './organization-setting-status';
// The switch's stylesheet comes with the screens that have one (web/src/main.tsx).
import '@aws-amplify/ui-react/styles/switchField.css';

/** The organisation's settings Settings → Monitoring Agent shows as switches, and what each says. */
const SWITCHES = {
  agent_auto_update: AGENT_AUTO_UPDATE_MESSAGES,
  auto_add_machines: {
    label: INVENTORY_MESSAGES.autoAddLabel,
    description: INVENTORY_MESSAGES.autoAddDescription,
    on: INVENTORY_MESSAGES.autoAddOn,
    off: INVENTORY_MESSAGES.autoAddOff,
    saving: AGENT_AUTO_UPDATE_MESSAGES.saving,
  },
} as const;

/**
 * Settings → Monitoring Agent, for admins: one of the organisation's agent settings as a switch
 * (PATCH /api/organization): whether its agents install newer versions themselves, whether a new
 * machine that matches no hardware asset becomes one (issue 27). Saving, saved and a refusal are said
 * beside it, as the MFA requirement's switch does.
 */
export function AgentSettingSwitch({ setting }: { setting: keyof typeof SWITCHES }) {
  const { profile, organization } = useCurrentUser();
  const update = useUpdateOrganizationSettings();
  const descriptionId = useId();
  if (!hasRole(profile.role, 'admin')) return null;
  const messages = SWITCHES[setting];
  const pending = update.isPending ? update.variables[setting] : undefined;

  return (
    <div className="monitoring-agent__auto-update">
      <SwitchField
        label={messages.label}
        isChecked={pending ?? organization[setting]}
        isDisabled={update.isPending}
        aria-describedby={descriptionId}
        onChange={(event) => update.mutate({ [setting]: event.target.checked })}
      />
      <Text id={descriptionId} fontSize="small" color="font.secondary" marginTop="xxs">
        {messages.description}
      </Text>
      <OrganizationSettingStatus
        update={update}
        savingMessage={messages.saving}
        savedMessage={(settings) => (settings[setting] ? messages.on : messages.off)}
      />
    </div>
  );
}

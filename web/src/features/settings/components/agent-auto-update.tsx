import { SwitchField, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { hasRole } from '@shared/constants';
import { AGENT_AUTO_UPDATE_MESSAGES } from '@shared/organization-settings';
import { useCurrentUser } from '../../../api/me';
import { useUpdateOrganizationSettings } from '../api/organization-settings';
import { OrganizationSettingStatus } from './organization-setting-status';
// The switch's stylesheet comes with the screens that have one (web/src/main.tsx).
import '@aws-amplify/ui-react/styles/switchField.css';

/**
 * Settings → Monitoring Agent, for admins: whether the organisation's agents install newer
 * versions themselves (PATCH /api/organization {agent_auto_update}); saving, saved and a refusal
 * are said beside it, as the MFA requirement's switch does.
 */
export function AgentAutoUpdate() {
  const { profile, organization } = useCurrentUser();
  const update = useUpdateOrganizationSettings();
  const descriptionId = useId();
  if (!hasRole(profile.role, 'admin')) return null;

  return (
    <div className="monitoring-agent__auto-update">
      <SwitchField
        label={AGENT_AUTO_UPDATE_MESSAGES.label}
        isChecked={update.isPending ? update.variables.agent_auto_update : organization.agent_auto_update}
        isDisabled={update.isPending}
        aria-describedby={descriptionId}
        onChange={(event) => update.mutate({ agent_auto_update: event.target.checked })}
      />
      <Text id={descriptionId} fontSize="small" color="font.secondary" marginTop="xxs">
        {AGENT_AUTO_UPDATE_MESSAGES.description}
      </Text>
      <OrganizationSettingStatus
        update={update}
        savingMessage={AGENT_AUTO_UPDATE_MESSAGES.saving}
        savedMessage={(settings) =>
          settings.agent_auto_update ? AGENT_AUTO_UPDATE_MESSAGES.on : AGENT_AUTO_UPDATE_MESSAGES.off
        }
      />
    </div>
  );
}

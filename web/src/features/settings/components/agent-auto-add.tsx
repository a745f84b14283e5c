import { SwitchField, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { hasRole } from '@shared/constants';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { useCurrentUser } from '../../../api/me';
import { useUpdateOrganizationSettings } from '../api/organization-settings';
import { OrganizationSettingStatus } from './organization-setting-status';
import '@aws-amplify/ui-react/styles/switchField.css';

/**
 * Settings → Monitoring Agent, for admins: whether every new machine that matches no hardware asset
 * becomes one (PATCH /api/organization {auto_add_machines}, issue 27), said as the automatic
 * updates' switch beside it says its own.
 */
export function AgentAutoAdd() {
  const { profile, organization } = useCurrentUser();
  const update = useUpdateOrganizationSettings();
  const descriptionId = useId();
  if (!hasRole(profile.role, 'admin')) return null;

  return (
    <div className="monitoring-agent__auto-update">
      <SwitchField
        label={INVENTORY_MESSAGES.autoAddLabel}
        isChecked={
          update.isPending && update.variables.auto_add_machines !== undefined
            ? update.variables.auto_add_machines
            : organization.auto_add_machines
        }
        isDisabled={update.isPending}
        aria-describedby={descriptionId}
        onChange={(event) => update.mutate({ auto_add_machines: event.target.checked })}
      />
      <Text id={descriptionId} fontSize="small" color="font.secondary" marginTop="xxs">
        {INVENTORY_MESSAGES.autoAddDescription}
      </Text>
      <OrganizationSettingStatus
        update={update}
        savingMessage="Saving…"
        savedMessage={(settings) =>
          settings.auto_add_machines
            ? 'New machines will be added to the inventory.'
            : 'New machines will wait for you to add or link them.'
        }
      />
    </div>
  );
}

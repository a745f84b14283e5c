import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { OrganizationSettings } from '@shared/organization-settings';
import { errorMessage } from '../../../api/api-client';
import type { useUpdateOrganizationSettings } from '../api/organization-settings';

/**
 * Beside an organisation setting's switch: saving, saved (what the setting now is, dismissible) and
 * the API's refusal, announced to screen readers.
 */
export function OrganizationSettingStatus({
  update,
  savingMessage,
  savedMessage,
}: {
  update: ReturnType<typeof useUpdateOrganizationSettings>;
  savingMessage: string;
  savedMessage: (settings: OrganizationSettings) => string;
}) {
  return (
    <>
      <div role="status">
        {update.isPending ? (
          <Flex alignItems="center" gap="xs" marginTop="small">
            <Loader size="small" />
            <Text fontSize="small">{savingMessage}</Text>
          </Flex>
        ) : null}
        {update.isSuccess ? (
          <Alert variation="success" marginTop="small" isDismissible onDismiss={() => update.reset()}>
            {savedMessage(update.data)}
          </Alert>
        ) : null}
      </div>
      {update.isError ? (
        <Alert
          variation="error"
          role="alert"
          marginTop="small"
          isDismissible
          onDismiss={() => update.reset()}
        >
          {errorMessage(update.error)}
        </Alert>
      ) : null}
    </>
  );
}

import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { AGENT_DOWNLOAD_MESSAGES, type AgentBundleBuilding } from '@shared/agent-download';
import { errorMessage } from '../../../api/api-client';
import { useInstallerWhileBuilding } from '../api/download-agent';

/**
 * Settings → Monitoring Agent while the server builds the installer (the local stack, after a fresh
 * start or a change to the agent): a wait, not a failure. It follows the build and offers the
 * download once the installer is there (issue 34).
 */
export function InstallerBuilding({
  first,
  onDownload,
}: {
  /** What the download's answer said of the build. */
  first: AgentBundleBuilding;
  onDownload: () => void;
}) {
  const installer = useInstallerWhileBuilding();

  if (installer.isError) {
    return (
      <Alert variation="error" heading={AGENT_DOWNLOAD_MESSAGES.failed} marginBottom="medium" role="alert">
        {errorMessage(installer.error, AGENT_DOWNLOAD_MESSAGES.alert)}
      </Alert>
    );
  }
  if (installer.data?.ready) {
    return (
      <Alert variation="success" marginBottom="medium" role="status" data-testid="agent-installer-ready">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Text as="span">{AGENT_DOWNLOAD_MESSAGES.ready}</Text>
          <Button size="small" variation="primary" onClick={onDownload}>
            Download Agent
          </Button>
        </Flex>
      </Alert>
    );
  }
  const building = installer.data?.building ?? first;
  return (
    <Alert
      variation="info"
      hasIcon={false}
      marginBottom="medium"
      role="status"
      data-testid="agent-installer-building"
    >
      <Flex alignItems="flex-start" gap="small">
        <Loader size="small" aria-hidden="true" />
        <div>
          <Text as="p">{AGENT_DOWNLOAD_MESSAGES.building}</Text>
          {building.step ? (
            <Text as="p" fontSize="small" color="font.secondary">
              {AGENT_DOWNLOAD_MESSAGES.buildingStep(building.step, building.elapsed_seconds)}
            </Text>
          ) : null}
        </div>
      </Flex>
    </Alert>
  );
}

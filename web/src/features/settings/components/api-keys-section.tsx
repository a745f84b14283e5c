import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useRef, useState } from 'react';
import { API_KEY_MESSAGES, type ApiKey, type CreatedApiKey } from '@shared/api-keys';
import { hasRole } from '@shared/constants';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { useCreateApiKey } from '../api/create-api-key';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { AgentConnection } from './agent-connection';
import { ApiKeyTable } from './api-key-table';
import { DeleteApiKeyDialog } from './delete-api-key-dialog';
import { RotateApiKeyDialog } from './rotate-api-key-dialog';
import { NewApiKey } from './new-api-key';
import '../copy-box.css';
import '../api-keys.css';

/**
 * Settings → General → API Keys for Agents: the keys monitoring agents report with, generated
 * (the full key shown once) and deleted by admins; the submit address and an agent's configuration.
 */
export function ApiKeysSection() {
  const { profile } = useCurrentUser();
  const canManage = hasRole(profile.role, 'admin');
  const headingId = useId();
  const keys = useApiKeys();
  const creation = useCreateApiKey();
  const deletion = useDeleteApiKey();

  // The full key lives here only, until "Done" or until the page is left.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const generateRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const deletedRef = useRef(false);

  const generate = () => {
    creation.mutate(undefined, {
      onSuccess: (key) => setCreated(key),
      onError: (error) => console.error(API_KEY_MESSAGES.generateFailed, error),
    });
  };

  const dismissCreated = () => {
    setCreated(null);
    generateRef.current?.focus();
  };

  const openDelete = (apiKey: ApiKey) => {
    deletion.reset();
    deletedRef.current = false;
    setDeleting(apiKey);
  };

  const rotated = (key: CreatedApiKey) => {
    setRotating(null);
    setCreated(key);
  };

  const confirmDelete = async (apiKey: ApiKey, revokeDevices: boolean) => {
    try {
      await deletion.mutateAsync({ id: apiKey.id, revokeDevices });
      deletedRef.current = true;
      if (created?.id === apiKey.id) setCreated(null);
      setDeleting(null);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(API_KEY_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <Card
      variation="outlined"
      as="section"
      aria-labelledby={headingId}
      className="api-keys"
      marginTop="medium"
    >
      <Flex className="api-keys__header" justifyContent="space-between" alignItems="flex-start" gap="small">
        <div>
          <Heading level={3} id={headingId}>
            API Keys for Agents
          </Heading>
          <Text color="font.secondary" marginTop="xxs">
            Monitoring agents send their machines&apos; reports to your organization with one of these keys.
          </Text>
        </div>
        {canManage ? (
          <Button
            ref={generateRef}
            variation="primary"
            onClick={generate}
            isLoading={creation.isPending}
            loadingText="Generating..."
            className="api-keys__generate"
          >
            Generate API Key
          </Button>
        ) : null}
      </Flex>

      {canManage ? null : (
        <Alert variation="info" role="note" marginBottom="medium">
          Only administrators can create or delete API keys.
        </Alert>
      )}
      {creation.isError ? (
        <Alert
          variation="error"
          heading={API_KEY_MESSAGES.generateFailed}
          marginBottom="medium"
          isDismissible
          onDismiss={() => creation.reset()}
        >
          {errorMessage(creation.error)}
        </Alert>
      ) : null}
      {created ? <NewApiKey created={created} onDone={dismissCreated} /> : null}

      <ApiKeyTable
        keys={keys}
        canManage={canManage}
        onDelete={openDelete}
        onRotate={setRotating}
        regionRef={listRef}
        labelledBy={headingId}
      />

      <AgentConnection keys={keys.data?.items} failed={keys.isError && !keys.data} />

      {deleting ? (
        <DeleteApiKeyDialog
          apiKey={deleting}
          busy={deletion.isPending}
          error={deletion.isError ? deletion.error : null}
          onConfirm={(revokeDevices) => void confirmDelete(deleting, revokeDevices)}
          onCancel={() => setDeleting(null)}
          returnFocus={() => (deletedRef.current ? (listRef.current ?? generateRef.current) : null)}
        />
      ) : null}
      {rotating ? (
        <RotateApiKeyDialog apiKey={rotating} onRotated={rotated} onCancel={() => setRotating(null)} />
      ) : null}
    </Card>
  );
}

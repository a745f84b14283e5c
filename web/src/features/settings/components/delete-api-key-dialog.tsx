import { CheckboxField, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { API_KEY_MESSAGES, type ApiKey } from '@shared/api-keys';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useApiKeyDevices } from '../api/api-key-devices';
import { formatCreated, shortenedKey } from './api-key-format';

interface DeleteApiKeyDialogProps {
  apiKey: ApiKey;
  busy: boolean;
  error: unknown;
  onConfirm: (revokeDevices: boolean) => void;
  onCancel: () => void;
  returnFocus: () => HTMLElement | null;
}

/** What deleting does to the key's devices, said before the admin confirms (issue 35). */
function Consequence({ count, revoke }: { count: number; revoke: boolean }) {
  if (count === 0) return <>{API_KEY_MESSAGES.noDevices}</>;
  return (
    <strong>{revoke ? API_KEY_MESSAGES.devicesStop(count) : API_KEY_MESSAGES.devicesKeepReporting}</strong>
  );
}

/**
 * Deleting a key: it stops enrolling at once; the devices it enrolled keep reporting unless the
 * admin also chooses to revoke them, and the dialog says which happens, with their number.
 */
export function DeleteApiKeyDialog({
  apiKey,
  busy,
  error,
  onConfirm,
  onCancel,
  returnFocus,
}: DeleteApiKeyDialogProps) {
  const devices = useApiKeyDevices(apiKey.id);
  const [revoke, setRevoke] = useState(false);
  const count = devices.data?.enrolled_devices;
  return (
    <ConfirmDialog
      question={API_KEY_MESSAGES.deleteConfirm}
      detail={
        <>
          <strong>{apiKey.name}</strong> <code className="inline-code">{shortenedKey(apiKey)}</code>, created{' '}
          {formatCreated(apiKey.created_at)}
          <Text as="div" marginTop="small" role="status" data-testid="api-key-devices">
            {count === undefined ? (
              devices.isError ? (
                API_KEY_MESSAGES.countFailed
              ) : (
                <>
                  <Loader size="small" /> {API_KEY_MESSAGES.countingDevices}
                </>
              )
            ) : (
              <Consequence count={count} revoke={revoke} />
            )}
          </Text>
          {count ? (
            <CheckboxField
              marginTop="small"
              name="revoke_devices"
              label={API_KEY_MESSAGES.revokeChoice}
              checked={revoke}
              onChange={(event) => setRevoke(event.target.checked)}
            />
          ) : null}
        </>
      }
      confirmLabel={revoke && count ? 'Delete and revoke' : 'Delete'}
      busy={busy}
      error={error ? { heading: API_KEY_MESSAGES.deleteFailed, message: errorMessage(error) } : null}
      onConfirm={() => onConfirm(revoke && count !== undefined && count > 0)}
      onCancel={onCancel}
      returnFocus={returnFocus}
    />
  );
}

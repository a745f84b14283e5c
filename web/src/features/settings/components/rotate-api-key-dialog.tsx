import { API_KEY_MESSAGES, type ApiKey, type CreatedApiKey } from '@shared/api-keys';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRotateApiKey } from '../api/rotate-api-key';
import { shortenedKey } from './api-key-format';

/**
 * Rotating a key (issue 35), after a confirmation: a new secret for it, shown once by the section
 * (NewApiKey); the old secret stops enrolling at once, the devices it enrolled keep reporting.
 */
export function RotateApiKeyDialog({
  apiKey,
  onRotated,
  onCancel,
}: {
  apiKey: ApiKey;
  onRotated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const rotation = useRotateApiKey();
  const confirm = async () => {
    try {
      onRotated(await rotation.mutateAsync(apiKey.id));
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(API_KEY_MESSAGES.rotateFailed, error);
    }
  };
  return (
    <ConfirmDialog
      question={API_KEY_MESSAGES.rotateConfirm}
      detail={
        <>
          <strong>{apiKey.name}</strong> <code className="inline-code">{shortenedKey(apiKey)}</code>
        </>
      }
      confirmLabel="Rotate"
      destructive={false}
      busy={rotation.isPending}
      error={
        rotation.isError
          ? { heading: API_KEY_MESSAGES.rotateFailed, message: errorMessage(rotation.error) }
          : null
      }
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}

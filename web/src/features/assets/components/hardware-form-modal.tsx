import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { HardwareAsset } from '@shared/hardware';
import { errorMessage } from '../../../api/api-client';
import { ModalDialog } from '../../../components/modal-dialog';
import { useHardwareAsset } from '../api/get-hardware';
import { HardwareAgentFacts } from './hardware-agent-facts';
import { HardwareForm } from './hardware-form';

type Mode = { kind: 'add' } | { kind: 'edit'; id: string };

interface HardwareFormModalProps {
  mode: Mode;
  onClose: () => void;
  onSaved: (asset: HardwareAsset, kind: Mode['kind']) => void;
  returnFocus?: () => HTMLElement | null;
}

/** Add Hardware / Edit Hardware. Edit loads the asset first, so the form carries its current version. */
export function HardwareFormModal({ mode, onClose, onSaved, returnFocus }: HardwareFormModalProps) {
  const title = mode.kind === 'add' ? 'Add Hardware' : 'Edit Hardware';
  return (
    <ModalDialog title={title} onClose={onClose} size="large" returnFocus={returnFocus}>
      {mode.kind === 'add' ? (
        <HardwareForm asset={null} onCancel={onClose} onSaved={(asset) => onSaved(asset, 'add')} />
      ) : (
        <EditLoader id={mode.id} onCancel={onClose} onSaved={(asset) => onSaved(asset, 'edit')} />
      )}
    </ModalDialog>
  );
}

function EditLoader({
  id,
  onCancel,
  onSaved,
}: {
  id: string;
  onCancel: () => void;
  onSaved: (asset: HardwareAsset) => void;
}) {
  const asset = useHardwareAsset(id);
  if (asset.isPending) {
    return (
      <Flex role="status" alignItems="center" gap="small" padding="large" justifyContent="center">
        <Loader aria-hidden="true" />
        <Text>Loading hardware asset…</Text>
      </Flex>
    );
  }
  if (asset.isError) {
    return (
      <>
        <Alert variation="error" heading="Could not load the hardware asset" role="alert">
          {errorMessage(asset.error)}
        </Alert>
        <Flex justifyContent="flex-end" gap="small" marginTop="medium">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variation="primary" onClick={() => void asset.refetch()}>
            Try again
          </Button>
        </Flex>
      </>
    );
  }
  return (
    <>
      <HardwareAgentFacts asset={asset.data} onAccepted={() => void asset.refetch()} />
      {/* Keyed by version: an accepted fact reloads the form at the record's new version. */}
      <HardwareForm
        key={asset.data.version}
        asset={asset.data}
        onCancel={onCancel}
        onSaved={onSaved}
        reload={asset.refetch}
      />
    </>
  );
}

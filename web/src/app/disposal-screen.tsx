import { getHardware } from '../features/assets/api/get-hardware';
import { HardwareFormModal } from '../features/assets/components/hardware-form-modal';
import { assetName } from '../features/assets/components/hardware-format';
import { DisposalPage } from '../features/disposal/components/disposal-page';
import type { LinkedAssetEditorProps, LinkedAssets } from '../features/disposal/components/linked-asset';

function LinkedAssetEditor({ assetId, onClose, returnFocus, onSaved }: LinkedAssetEditorProps) {
  return (
    <HardwareFormModal
      mode={{ kind: 'edit', id: assetId }}
      onClose={onClose}
      returnFocus={returnFocus}
      onSaved={(asset) => onSaved(assetName(asset))}
    />
  );
}

const LINKED_ASSETS: LinkedAssets = { load: getHardware, Editor: LinkedAssetEditor };

/** Asset Disposal, whose rows open their linked asset in the Assets feature's editor. */
export function DisposalScreen() {
  return <DisposalPage linkedAssets={LINKED_ASSETS} />;
}

import { Alert, Badge, Button, Flex, Loader, SearchField, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import type { AgentMachine } from '@shared/agent-data';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ModalDialog } from '../../../components/modal-dialog';
import { useHardwareAsset } from '../api/get-hardware';
import { ALL_HARDWARE, hardwareKeys } from '../api/hardware-keys';
import { useChangeMachineLink } from '../api/link-machine';
import { listHardware } from '../api/list-hardware';
import { HardwareFormModal } from './hardware-form-modal';
import { assetName } from './hardware-format';

const PICKER_SIZE = 20;

/**
 * The machine page's place in the inventory (issue 27): the hardware record it is (open it, or
 * unlink it), or, when it is in none, "Add to inventory" and "Link to an asset".
 */
export function AgentInventoryLink({ machine }: { machine: AgentMachine | undefined }) {
  const change = useChangeMachineLink(machine?.machine_id ?? '');
  const [dialog, setDialog] = useState<'unlink' | 'pick' | 'open' | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const assetId = machine?.hardware_asset_id ?? null;
  // The asset the machine had when a person asked for a change. The button they pressed goes with
  // the state it changed, so once the machine says it changed (the answer and the machine's reload
  // reach the page in either order) and no dialog is open, the keyboard's place is the new state's
  // first button.
  const changingFrom = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (changingFrom.current === undefined || changingFrom.current === assetId || dialog !== null) return;
    changingFrom.current = undefined;
    actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [assetId, dialog]);
  if (!machine) return null;
  const failure = change.isError && dialog === null ? errorMessage(change.error) : null;
  const ask = (action: Parameters<typeof change.mutate>[0], onDone?: () => void) => {
    changingFrom.current = assetId;
    change.mutate(action, {
      onSuccess: onDone,
      onError: () => {
        changingFrom.current = undefined;
      },
    });
  };

  return (
    <section className="agent-inventory-link" aria-label="Hardware inventory">
      <div ref={actionsRef}>
        {/* Keyed: a button of one state is never reused, focus and all, as a button of the other. */}
        {assetId ? (
          <Flex key="linked" alignItems="center" gap="small" wrap="wrap">
            <Badge variation="success">{INVENTORY_MESSAGES.monitored}</Badge>
            <LinkedAsset id={assetId} />
            <Button size="small" onClick={() => setDialog('open')}>
              Open the hardware record
            </Button>
            <Button size="small" onClick={() => setDialog('unlink')}>
              {INVENTORY_MESSAGES.unlink}
            </Button>
          </Flex>
        ) : machine.possible_duplicates.some((duplicate) => duplicate.linked) ? (
          // A possible duplicate is linked only by an admin's decision (agent-duplicate.tsx).
          <Flex key="duplicate" alignItems="center" gap="small" wrap="wrap">
            <Badge>{INVENTORY_MESSAGES.notInInventory}</Badge>
          </Flex>
        ) : (
          <Flex key="unlinked" alignItems="center" gap="small" wrap="wrap">
            <Badge>{INVENTORY_MESSAGES.notInInventory}</Badge>
            <Button
              size="small"
              variation="primary"
              isLoading={change.isPending}
              loadingText={`${INVENTORY_MESSAGES.addToInventory}…`}
              onClick={() => ask({ kind: 'add-to-inventory' })}
            >
              {INVENTORY_MESSAGES.addToInventory}
            </Button>
            <Button size="small" onClick={() => setDialog('pick')}>
              {INVENTORY_MESSAGES.linkToAsset}
            </Button>
          </Flex>
        )}
      </div>
      {failure ? (
        <Alert variation="error" role="alert" marginTop="small">
          {failure}
        </Alert>
      ) : null}
      {dialog === 'unlink' ? (
        <ConfirmDialog
          question={INVENTORY_MESSAGES.unlinkConfirm}
          confirmLabel={INVENTORY_MESSAGES.unlink}
          busy={change.isPending}
          error={change.isError ? { heading: 'Could not unlink', message: errorMessage(change.error) } : null}
          onConfirm={() => ask({ kind: 'unlink' }, () => setDialog(null))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'open' && assetId ? (
        <HardwareFormModal
          mode={{ kind: 'edit', id: assetId }}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'pick' ? (
        <AssetPicker
          busy={change.isPending}
          error={change.isError ? errorMessage(change.error) : null}
          onPick={(id) => ask({ kind: 'link', hardwareAssetId: id }, () => setDialog(null))}
          onClose={() => {
            change.reset();
            setDialog(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** Which asset the machine is, by name and serial number, once loaded; said plainly until then. */
function LinkedAsset({ id }: { id: string }) {
  const asset = useHardwareAsset(id);
  if (!asset.data) return <Text as="span">This machine is a hardware asset.</Text>;
  const { manufacturer, model, asset_type, serial_number } = asset.data;
  const makeAndModel = [manufacturer, model].filter(Boolean).join(' ');
  return (
    <Text as="span" className="agent-inventory-link__asset">
      {/* Without a make or model, say what is known rather than "This machine is Desktop" (issue 34). */}
      {makeAndModel ? (
        <>
          This machine is <strong>{makeAndModel}</strong>
        </>
      ) : (
        <>
          This machine is an asset of type <strong>{asset_type}</strong>, no make or model
        </>
      )}
      {serial_number ? <span className="agent-mono"> {serial_number}</span> : null}
    </Text>
  );
}

/** A searchable list of the organisation's assets (the hardware list's search), each pickable. */
export function AssetPicker({
  busy,
  error,
  onPick,
  onClose,
}: {
  busy: boolean;
  error: string | null;
  onPick: (id: string) => void;
  onClose: () => void;
}) {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const listId = useId();
  const filters = { ...ALL_HARDWARE, q: search };
  const assets = useQuery({
    queryKey: [...hardwareKeys.all, 'picker', search],
    queryFn: ({ signal }) => listHardware(filters, null, signal, PICKER_SIZE),
  });
  return (
    <ModalDialog title={INVENTORY_MESSAGES.linkToAsset} onClose={onClose}>
      <SearchField
        label="Search hardware"
        placeholder="Serial number, model, asset tag…"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onClear={() => setQ('')}
        aria-controls={listId}
      />
      {assets.isPending ? (
        <Flex role="status" alignItems="center" gap="small" padding="medium">
          <Loader aria-hidden="true" />
          <Text>Loading hardware…</Text>
        </Flex>
      ) : assets.isError ? (
        <Alert variation="error" role="alert" marginTop="small">
          {errorMessage(assets.error)}
        </Alert>
      ) : (
        <ul id={listId} className="asset-picker" aria-label="Hardware assets" aria-busy={busy}>
          {assets.data.items.length === 0 ? (
            <li>
              <Text color="font.secondary">No hardware matches</Text>
            </li>
          ) : (
            assets.data.items.map((asset) => (
              <li key={asset.id} className="asset-picker__row">
                <span>
                  {assetName(asset)}
                  {asset.serial_number ? <span className="agent-mono"> {asset.serial_number}</span> : null}
                  {asset.machine_id ? (
                    <Badge size="small" variation="success" marginInlineStart="xs">
                      {INVENTORY_MESSAGES.monitored}
                    </Badge>
                  ) : null}
                </span>
                <Button
                  size="small"
                  isDisabled={busy || asset.machine_id !== null}
                  onClick={() => onPick(asset.id)}
                  aria-label={`Link to ${assetName(asset)}`}
                >
                  Link
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
      {error ? (
        <Alert variation="error" role="alert" marginTop="small">
          {error}
        </Alert>
      ) : null}
    </ModalDialog>
  );
}

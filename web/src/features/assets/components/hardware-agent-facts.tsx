import { Alert, Badge, Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { HARDWARE_FIELDS, hardwareAssetInputSchema } from '@shared/hardware';
import {
  INVENTORY_MESSAGES,
  differenceMessage,
  type FactDifference,
  type HardwareAssetDetail,
} from '@shared/inventory';
import { DUPLICATE_MESSAGES } from '@shared/machine-duplicates';
import { errorMessage } from '../../../api/api-client';
import { invalidateInventory } from '../../../api/inventory-keys';
import { updateHardware } from '../api/save-hardware';
import { formatDateTime } from '../../../components/format';
import '../agent-detail.css';

const FIELD_LABELS: Record<FactDifference['field'], string> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  cpu: 'CPU',
  ram_gb: 'RAM',
  storage_gb: 'Storage',
  os: 'Operating system',
};

/** The record with one field taken from the agent: a normal edit, guarded by the version read. */
function accepting(asset: HardwareAssetDetail, difference: FactDifference) {
  const fields = Object.fromEntries(HARDWARE_FIELDS.map((field) => [field, asset[field]]));
  return hardwareAssetInputSchema.parse({ ...fields, [difference.field]: difference.agent });
}

/**
 * Beside a monitored asset's record in its editor (issue 27): what its agent says now (last seen,
 * user, OS, CPU, memory, disks), and each field where the record says otherwise, with Accept.
 * Accepting saves that field alone; the editor then reloads the record at its new version.
 */
export function HardwareAgentFacts({
  asset,
  onAccepted,
}: {
  asset: HardwareAssetDetail;
  onAccepted: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  // The pressed Accept goes with its difference, and the editor's form, reloaded at the new version,
  // takes focus when it mounts: once it has, the keyboard's place returns to the card (the next
  // Accept, or its heading).
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const frame = requestAnimationFrame(() => {
      const next = cardRef.current?.querySelector<HTMLElement>('li button') ?? headingRef.current;
      next?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [asset.version]);
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (difference: FactDifference) =>
      updateHardware(asset.id, accepting(asset, difference), asset.version),
    onSuccess: async () => {
      // Before the refetches: the first one to bring the new version moves the focus back.
      refocus.current = true;
      await invalidateInventory(queryClient);
      onAccepted();
    },
  });
  const agent = asset.agent;
  if (!agent) return null;
  const memory = agent.ram_gb === null ? 'Not reported' : `${agent.ram_gb} GB`;
  return (
    <Card
      ref={cardRef}
      as="section"
      variation="outlined"
      aria-labelledby={headingId}
      className="hardware-agent-facts"
    >
      <div className="hardware-agent-facts__header">
        <Heading
          ref={headingRef}
          level={3}
          id={headingId}
          tabIndex={-1}
          className="hardware-agent-facts__title"
        >
          What the agent reports
        </Heading>
        <Badge size="small" variation="success">
          {INVENTORY_MESSAGES.monitored}
        </Badge>
      </div>
      <dl className="hardware-agent-facts__list">
        <dt>Machine</dt>
        <dd>{agent.hostname}</dd>
        <dt>Last seen</dt>
        <dd>
          <time dateTime={agent.last_seen}>{formatDateTime(agent.last_seen)}</time>
        </dd>
        <dt>User</dt>
        <dd>{agent.logged_in_user ?? 'Nobody signed in'}</dd>
        <dt>OS</dt>
        <dd>{agent.os ?? 'Not reported'}</dd>
        <dt>CPU</dt>
        <dd>{agent.cpu ?? 'Not reported'}</dd>
        <dt>Memory</dt>
        <dd>{memory}</dd>
        <dt>Disks</dt>
        <dd>
          {agent.disks.length === 0
            ? 'Not reported'
            : agent.disks
                .map((disk) =>
                  disk.total_gb === null
                    ? disk.device
                    : `${disk.device} ${Math.round(disk.total_gb)} GB${disk.percent === null ? '' : ` (${Math.round(disk.percent)}% used)`}`,
                )
                .join(', ')}
        </dd>
      </dl>
      {asset.possible_duplicate ? (
        <Alert variation="warning" marginTop="small" heading={DUPLICATE_MESSAGES.mark}>
          {DUPLICATE_MESSAGES.editorNotice}
        </Alert>
      ) : null}
      {asset.differences.length > 0 ? (
        <ul className="hardware-agent-facts__differences" aria-label="Where the record differs">
          {asset.differences.map((difference) => (
            <li key={difference.field}>
              <Text as="span" flex="1 1 14rem">
                <strong>{FIELD_LABELS[difference.field]}:</strong> {differenceMessage(difference)}
              </Text>{' '}
              {asset.possible_duplicate ? null : (
                <Button
                  size="small"
                  isLoading={accept.isPending && accept.variables.field === difference.field}
                  isDisabled={accept.isPending}
                  onClick={() => accept.mutate(difference)}
                  aria-label={`${INVENTORY_MESSAGES.accept} ${FIELD_LABELS[difference.field]}`}
                >
                  {INVENTORY_MESSAGES.accept}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {accept.isError ? (
        <Alert variation="error" role="alert" marginTop="small">
          {errorMessage(accept.error)}
        </Alert>
      ) : null}
    </Card>
  );
}

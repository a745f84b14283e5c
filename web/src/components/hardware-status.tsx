import type { HardwareStatus } from '@shared/hardware';
import { Badge } from '@aws-amplify/ui-react';

/**
 * One hue per hardware status (Amplify UI colour ramps), so the Assets table's badges and the
 * dashboard's chart speak the same colours.
 */
const STATUS_HUES: Record<HardwareStatus, string> = {
  Active: 'green',
  'In Repair': 'orange',
  'In Storage': 'blue',
  Retired: 'neutral',
  'Disposal Pending': 'yellow',
  Disposed: 'red',
};

/** The status's colour at a shade of its ramp (10 light … 100 dark). */
export function statusColor(status: HardwareStatus, shade: 10 | 20 | 60 | 90 = 60): string {
  return `var(--amplify-colors-${STATUS_HUES[status]}-${shade})`;
}

/** A hardware status as a coloured badge. */
export function StatusBadge({ status }: { status: HardwareStatus }) {
  return (
    <Badge
      size="small"
      className="status-badge"
      style={{ color: statusColor(status, 90), backgroundColor: statusColor(status, 10) }}
    >
      {status}
    </Badge>
  );
}

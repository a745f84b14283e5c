import type { HardwareAsset } from '../../shared/hardware';
import type { HardwareIdentifierKind } from '../lib/table/items/hardware';
import { Conflict } from '../lib/errors';

/** What the hardware service tells a person, beside shared/hardware.ts's HARDWARE_MESSAGES. */

const IDENTIFIER_LABELS: Record<HardwareIdentifierKind, string> = {
  serial_number: 'serial number',
  asset_tag: 'asset tag',
};

/** An asset created or edited with a serial number or asset tag another asset has. */
export function duplicateError(kind: HardwareIdentifierKind, asset: HardwareAsset): Conflict {
  return new Conflict(
    `Another hardware asset in your organization already has ${IDENTIFIER_LABELS[kind]} ${asset[kind]}`,
    `duplicate_${kind}`,
  );
}

/** An imported row whose serial number or asset tag an existing asset has. */
export function duplicateRowMessage(kind: HardwareIdentifierKind, asset: HardwareAsset): string {
  return `A hardware asset with ${IDENTIFIER_LABELS[kind]} ${asset[kind]} already exists`;
}

/** An imported row whose serial number or asset tag an earlier row of the file has. */
export function repeatedRowMessage(
  kind: HardwareIdentifierKind,
  asset: Pick<HardwareAsset, HardwareIdentifierKind>,
  earlierRow: number,
) {
  return `The ${IDENTIFIER_LABELS[kind]} ${asset[kind]} also appears in row ${earlierRow}`;
}

export const BULK_CHANGED_MEANWHILE =
  'Some of these hardware assets were changed by someone else at the same time. Reload the list and try again.';

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

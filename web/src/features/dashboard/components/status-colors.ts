import type { HardwareStatus } from '../../../../../shared/hardware';

/**
 * One colour per hardware status (Amplify UI colour tokens), for the dashboard chart and for any
 * status swatch that should match it. The same hues as the Assets tab's status badges
 * (`.status-badge--*` in app.css).
 */
export const HARDWARE_STATUS_COLORS: Record<HardwareStatus, string> = {
  Active: 'var(--amplify-colors-green-60)',
  'In Repair': 'var(--amplify-colors-orange-60)',
  'In Storage': 'var(--amplify-colors-blue-60)',
  Retired: 'var(--amplify-colors-neutral-60)',
  'Disposal Pending': 'var(--amplify-colors-yellow-60)',
  Disposed: 'var(--amplify-colors-red-60)',
};

/** The bars of the asset-type chart share one colour: type is a category, not a state. */
export const HARDWARE_TYPE_COLOR = 'var(--amplify-colors-teal-60)';

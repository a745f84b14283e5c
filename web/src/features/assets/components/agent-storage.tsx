import type { AgentMachine } from '@shared/agent-data';
import {
  formatGigabytes,
  formatPercent,
  storageLevel,
  storagePercent,
  type StorageLevel,
} from './agent-format';

type StorageDevice = AgentMachine['storage_info'][number];

/** Words beside the colour, so a full disk is not told by colour alone. */
const LEVEL_TEXT: Record<StorageLevel, string | null> = {
  critical: 'Almost full',
  warning: 'Filling up',
  ok: null,
};

function deviceName(device: StorageDevice): string {
  return device.mountpoint && device.mountpoint.replace(/[\\/]+$/, '') !== device.device
    ? `${device.device} (${device.mountpoint})`
    : device.device;
}

function usageText(device: StorageDevice): string | null {
  const { used_gb: used, total_gb: total } = device;
  if (used !== null && total !== null) {
    const free = Math.max(0, total - used);
    return `${formatGigabytes(used)} used of ${formatGigabytes(total)} · ${formatGigabytes(free)} free`;
  }
  if (total !== null) return `${formatGigabytes(total)} in total`;
  if (used !== null) return `${formatGigabytes(used)} used`;
  return null;
}

/** Each disk with a usage bar: red above 90 %, yellow above 75 %, green otherwise. */
export function AgentStorage({ devices }: { devices: readonly StorageDevice[] }) {
  if (devices.length === 0) return <p className="agent-muted">No storage devices reported</p>;
  return (
    <ul className="agent-storage">
      {devices.map((device, index) => {
        const percent = storagePercent(device);
        const level = percent === null ? null : storageLevel(percent);
        const name = deviceName(device);
        const usage = usageText(device);
        return (
          <li
            key={`${device.device}-${index}`}
            className="agent-storage__device"
            data-testid="storage-device"
            data-level={level ?? 'unknown'}
          >
            <div className="agent-storage__head">
              <span className="agent-storage__name">{name}</span>
              {percent !== null ? (
                <span className="agent-storage__percent">{formatPercent(percent)}</span>
              ) : null}
            </div>
            {percent !== null && level !== null ? (
              <div
                className={`agent-storage__bar agent-storage__bar--${level}`}
                role="meter"
                aria-label={`${name} used space`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(percent * 10) / 10}
                aria-valuetext={`${formatPercent(percent)} used${LEVEL_TEXT[level] ? `, ${LEVEL_TEXT[level].toLowerCase()}` : ''}`}
                data-level={level}
              >
                <span className="agent-storage__fill" style={{ width: `${percent}%` }} />
              </div>
            ) : null}
            <div className="agent-storage__meta">
              {usage ? <span>{usage}</span> : percent === null ? <span>Usage not reported</span> : null}
              {level && LEVEL_TEXT[level] ? (
                <span className={`agent-storage__level agent-storage__level--${level}`}>
                  {LEVEL_TEXT[level]}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

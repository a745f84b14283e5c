import { agentFreshness } from '@shared/agent-data';
import { FRESHNESS_LABELS, formatRelative } from './agent-format';
import { formatDateTime } from '../../../components/format';

/** The freshness colour as a dot with its word: "Online", "Late", "Offline". */
export function FreshnessBadge({ lastSeen, now }: { lastSeen: string; now: Date }) {
  const freshness = agentFreshness(lastSeen, now);
  return (
    <span className={`agent-freshness agent-freshness--${freshness}`} data-freshness={freshness}>
      <span className="agent-freshness__dot" aria-hidden="true" />
      {FRESHNESS_LABELS[freshness]}
    </span>
  );
}

/** "12 minutes ago", with the exact en-GB time on hover and in the markup. */
export function LastSeen({ lastSeen, now }: { lastSeen: string; now: Date }) {
  const absolute = formatDateTime(lastSeen);
  return (
    <time dateTime={lastSeen} title={absolute}>
      {formatRelative(lastSeen, now)}
    </time>
  );
}

import { Badge, Button } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { AGENT_DEFAULT_VERSION, type AgentSummary } from '@shared/agent-data';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { CLONE_MESSAGES } from '@shared/machine-clones';
import { DUPLICATE_MESSAGES } from '@shared/machine-duplicates';
import { lazyFormat } from '../../../components/format';
import { formatOs } from './agent-format';
import { FreshnessBadge, LastSeen } from './agent-freshness';

interface AgentCardProps {
  machine: AgentSummary;
  now: Date;
  /** Where the card leads: the same page with ?machine=<id>. */
  to: { search: string };
  /** Admins only: asks to delete the machine. */
  onDelete?: (machine: AgentSummary) => void;
}

const ENROLLED = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }));

const NOT_REPORTED = 'Not reported';

/**
 * One machine in the fleet grid. The hostname is a link whose click area covers the whole card,
 * so the card opens with a click anywhere, with Enter, and in a new tab.
 */
export function AgentCard({ machine, now, to, onDelete }: AgentCardProps) {
  const titleId = useId();
  const os = formatOs(machine);
  return (
    <li className="agent-card" data-machine-id={machine.machine_id}>
      <article className="agent-card__body" aria-labelledby={titleId}>
        <div className="agent-card__header">
          <h3 className="agent-card__title" id={titleId}>
            <Link
              to={to}
              state={{ fromAgentGrid: true }}
              className="agent-card__link"
              data-machine-link={machine.machine_id}
              title={machine.hostname}
            >
              {machine.hostname}
            </Link>
          </h3>
          <FreshnessBadge lastSeen={machine.last_seen} now={now} />
        </div>
        <dl className="agent-card__facts">
          <div>
            <dt>OS</dt>
            <dd className={os ? undefined : 'agent-muted'} title={os ?? undefined}>
              {os ?? NOT_REPORTED}
            </dd>
          </div>
          <div>
            <dt>User</dt>
            <dd
              className={machine.logged_in_user ? undefined : 'agent-muted'}
              title={machine.logged_in_user ?? undefined}
            >
              {machine.logged_in_user ?? 'Nobody signed in'}
            </dd>
          </div>
          {machine.service_tag ? (
            <div>
              <dt>Service tag</dt>
              <dd className="agent-mono" title={machine.service_tag}>
                {machine.service_tag}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Last seen</dt>
            <dd>
              <LastSeen lastSeen={machine.last_seen} now={now} />
            </dd>
          </div>
          <div>
            <dt>Enrolled</dt>
            <dd>
              <span data-enrolled-at={machine.enrolled_at}>
                {ENROLLED().format(new Date(machine.enrolled_at))}
              </span>
            </dd>
          </div>
          <div>
            <dt>Agent</dt>
            <dd className="agent-mono">{machine.agent_version ?? AGENT_DEFAULT_VERSION}</dd>
          </div>
        </dl>
        <p className="agent-card__inventory">
          {machine.hardware_asset_id ? (
            <>
              <Badge size="small" variation="success">
                {INVENTORY_MESSAGES.inInventory}
              </Badge>
              {machine.hardware_asset_name ? (
                <span className="agent-card__asset" title={machine.hardware_asset_name}>
                  {machine.hardware_asset_name}
                </span>
              ) : null}
            </>
          ) : (
            <Badge size="small" variation="warning">
              {INVENTORY_MESSAGES.notInInventory}
            </Badge>
          )}
          {machine.possible_duplicate ? (
            <Badge size="small" variation="error" data-possible-duplicate>
              {DUPLICATE_MESSAGES.mark}
            </Badge>
          ) : null}
          {machine.possible_clone ? (
            <Badge size="small" variation="error" data-possible-clone>
              {CLONE_MESSAGES.mark}
            </Badge>
          ) : null}
        </p>
        {machine.update_available || onDelete ? (
          <div className="agent-card__footer">
            {machine.update_available ? (
              <Badge size="small" variation="warning" className="agent-card__update">
                Update available
              </Badge>
            ) : null}
            {onDelete ? (
              <Button
                size="small"
                variation="link"
                colorTheme="error"
                className="agent-card__delete"
                aria-label={`Delete ${machine.hostname}`}
                data-delete-machine={machine.machine_id}
                onClick={() => onDelete(machine)}
              >
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

import { LoadError } from '../../../components/load-error';
import {
  Badge,
  Button,
  Placeholder,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import {
  AGENT_DEFAULT_VERSION,
  type AgentMachine,
  type AgentReportSection,
  type AgentSummary,
} from '@shared/agent-data';
import { isApiError } from '../../../api/api-client';
import { useAgentMachine } from '../api/get-agent';
import { formatGigabytes, formatOs } from './agent-format';
import { formatDateTime } from '../../../components/format';
import { FreshnessBadge, LastSeen } from './agent-freshness';
import { AgentSoftware } from './agent-software';
import { AgentTimeline } from './agent-timeline';
import { ColumnHeaders } from '../../../components/column-headers';
import { AgentStorage } from './agent-storage';
import { StaleNotices } from './agent-stale';
import '../../../components/data-table.css';
import { AgentClone } from './agent-clone';
import { AgentDuplicate } from './agent-duplicate';
import { AgentInventoryLink } from './agent-inventory-link';

interface AgentDetailProps {
  machineId: string;
  /** The machine's line of the fleet list, if loaded: shown while the full report loads. */
  summary: AgentSummary | undefined;
  now: Date;
  onBack: () => void;
}

const NOT_REPORTED = 'Not reported';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="agent-facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Reported({ value }: { value: string | null }) {
  return value ? <>{value}</> : <span className="agent-muted">{NOT_REPORTED}</span>;
}

function Section({
  title,
  count,
  wide = false,
  stale,
  children,
}: {
  title: string;
  count?: number;
  wide?: boolean;
  /** The report sections it shows, whose collection errors it says above its data. */
  stale: { sections: readonly AgentReportSection[]; machine: AgentMachine | undefined };
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`agent-section${wide ? ' agent-section--wide' : ''}`} aria-labelledby={headingId}>
      <h4 className="agent-section__title" id={headingId}>
        {title}
        {count !== undefined ? (
          <span className="agent-section__count"> ({count.toLocaleString('en-GB')})</span>
        ) : null}
      </h4>
      <StaleNotices sections={stale.sections} stale={stale.machine?.stale_sections} />
      {children(headingId)}
    </section>
  );
}

function SectionSkeleton() {
  return (
    <div className="agent-section__skeleton" aria-hidden="true">
      <Placeholder height="1rem" />
      <Placeholder height="1rem" />
      <Placeholder height="1rem" width="60%" />
    </div>
  );
}

function yesNo(value: boolean | null): ReactNode {
  if (value === null) return <span className="agent-muted">Unknown</span>;
  return value ? 'Yes' : 'No';
}

function cores(cpu: NonNullable<AgentSummary['cpu_info']>): string | null {
  const parts = [
    cpu.cores_physical !== null ? `${cpu.cores_physical} physical` : null,
    cpu.cores_logical !== null ? `${cpu.cores_logical} logical` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A machine's full report, opened from its card; Back to List returns to the grid. */
export function AgentDetail({ machineId, summary, now, onBack }: AgentDetailProps) {
  const detail = useAgentMachine(machineId);
  const machine: AgentSummary | undefined = detail.data ?? summary;
  const full: AgentMachine | undefined = detail.data;
  const notFound = detail.isError && isApiError(detail.error) && detail.error.status === 404;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  // Opening a machine moves focus to its name, so the change of view is announced.
  useEffect(() => {
    headingRef.current?.focus();
  }, [machineId]);

  const back = (
    <Button onClick={onBack} className="agent-detail__back">
      <span aria-hidden="true">←</span>
      Back to List
    </Button>
  );

  if (notFound) {
    return (
      <div className="agent-detail">
        <div className="agent-detail__nav">{back}</div>
        <h3 ref={headingRef} tabIndex={-1} className="agent-detail__title">
          Machine not found
        </h3>
        <p className="agent-muted">
          This machine is not in your fleet. It may have been removed, or the address is wrong.
        </p>
      </div>
    );
  }

  return (
    <article className="agent-detail" aria-labelledby={titleId} aria-busy={detail.isPending}>
      <div className="agent-detail__nav">{back}</div>
      <header className="agent-detail__header">
        <h3 ref={headingRef} tabIndex={-1} className="agent-detail__title" id={titleId}>
          {machine ? machine.hostname : <VisuallyHidden>Loading machine…</VisuallyHidden>}
        </h3>
        {machine ? (
          <div className="agent-detail__status">
            <FreshnessBadge lastSeen={machine.last_seen} now={now} />
            <span className="agent-muted">
              Last seen <LastSeen lastSeen={machine.last_seen} now={now} />
            </span>
            {machine.update_available ? (
              <Badge size="small" variation="warning">
                Update available
              </Badge>
            ) : null}
          </div>
        ) : (
          <Placeholder height="2rem" width="16rem" />
        )}
      </header>

      {detail.isPending ? <VisuallyHidden role="status">Loading the machine’s report…</VisuallyHidden> : null}
      {detail.isError ? (
        <LoadError heading="Could not load this machine" query={detail} marginBottom="medium" />
      ) : null}

      <AgentInventoryLink machine={full} />
      <AgentDuplicate machine={full} />
      <AgentClone machine={full} />

      <div className="agent-detail__grid">
        <Section title="Overview" stale={{ sections: ['system'], machine: full }}>
          {() =>
            machine ? (
              <dl className="agent-facts">
                <Fact label="Hostname">{machine.hostname}</Fact>
                <Fact label="Operating system">
                  <Reported value={formatOs(machine)} />
                </Fact>
                <Fact label="Service tag">
                  {machine.service_tag ? (
                    <span className="agent-mono">{machine.service_tag}</span>
                  ) : (
                    <Reported value={null} />
                  )}
                </Fact>
                <Fact label="Logged-in user">
                  {machine.logged_in_user ?? <span className="agent-muted">Nobody signed in</span>}
                </Fact>
                <Fact label="Agent version">
                  <span className="agent-mono">{machine.agent_version ?? AGENT_DEFAULT_VERSION}</span>
                </Fact>
                <Fact label="Updates">
                  {machine.update_available ? (
                    <Badge size="small" variation="warning">
                      Update available
                    </Badge>
                  ) : (
                    'Up to date'
                  )}
                </Fact>
                <Fact label="Last seen">
                  <LastSeen lastSeen={machine.last_seen} now={now} />
                  <span className="agent-muted"> · {formatDateTime(machine.last_seen)}</span>
                </Fact>
                <Fact label="First seen">{formatDateTime(machine.first_seen)}</Fact>
                <Fact label="Enrolled">{formatDateTime(machine.enrolled_at)}</Fact>
              </dl>
            ) : (
              <SectionSkeleton />
            )
          }
        </Section>

        <Section title="Identity & Network" stale={{ sections: ['system', 'network'], machine: full }}>
          {() =>
            full ? (
              <dl className="agent-facts">
                <Fact label="Manufacturer">
                  <Reported value={full.manufacturer} />
                </Fact>
                <Fact label="Model">
                  <Reported value={full.model} />
                </Fact>
                <Fact label="BIOS version">
                  <Reported value={full.bios_version} />
                </Fact>
                <Fact label="OS build">
                  <Reported value={full.os_build} />
                </Fact>
                <Fact label="Domain or workgroup">
                  <Reported value={full.domain} />
                </Fact>
                <Fact label="IPv4 addresses">
                  <Reported value={full.ipv4_addresses.join(', ') || null} />
                </Fact>
                <Fact label="MAC addresses">
                  <span className="agent-mono">
                    {full.mac_addresses.join(', ') || <Reported value={null} />}
                  </span>
                </Fact>
                <Fact label="Last boot">
                  <Reported value={full.last_boot ? formatDateTime(full.last_boot) : null} />
                </Fact>
              </dl>
            ) : (
              <SectionSkeleton />
            )
          }
        </Section>

        <Section title="CPU & Memory" stale={{ sections: ['cpu_info', 'memory'], machine: full }}>
          {() =>
            machine ? (
              <dl className="agent-facts">
                <Fact label="CPU">
                  <Reported value={machine.cpu_info?.processor ?? null} />
                </Fact>
                <Fact label="Architecture">
                  <Reported value={machine.cpu_info?.architecture ?? null} />
                </Fact>
                <Fact label="Cores">
                  <Reported value={machine.cpu_info ? cores(machine.cpu_info) : null} />
                </Fact>
                <Fact label="Memory">
                  <Reported
                    value={machine.memory_total_gb !== null ? formatGigabytes(machine.memory_total_gb) : null}
                  />
                </Fact>
              </dl>
            ) : (
              <SectionSkeleton />
            )
          }
        </Section>

        <Section
          title="Storage"
          count={full?.storage_info.length}
          stale={{ sections: ['storage_info'], machine: full }}
          wide
        >
          {() => (full ? <AgentStorage devices={full.storage_info} /> : <SectionSkeleton />)}
        </Section>

        <Section
          title="Shared folders"
          count={full?.shared_folders.length}
          stale={{ sections: ['shared_folders'], machine: full }}
        >
          {(headingId) =>
            !full ? (
              <SectionSkeleton />
            ) : full.shared_folders.length === 0 ? (
              <p className="agent-muted">No shared folders reported</p>
            ) : (
              <Table size="small" className="responsive-table agent-table" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    <ColumnHeaders labels={['Name', 'Path']} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {full.shared_folders.map((folder, index) => (
                    <TableRow key={`${folder.name}-${index}`}>
                      <TableCell data-label="Name">{folder.name}</TableCell>
                      <TableCell data-label="Path" className="agent-wrap">
                        {folder.path ? (
                          <span className="agent-mono">{folder.path}</span>
                        ) : (
                          <Reported value={null} />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </Section>

        <Section
          title="Printers"
          count={full?.printers.length}
          stale={{ sections: ['printers'], machine: full }}
        >
          {(headingId) =>
            !full ? (
              <SectionSkeleton />
            ) : full.printers.length === 0 ? (
              <p className="agent-muted">No printers reported</p>
            ) : (
              <Table size="small" className="responsive-table agent-table" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    <ColumnHeaders labels={['Name', 'Driver', 'Network', 'Shared']} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {full.printers.map((printer, index) => (
                    <TableRow key={`${printer.name}-${index}`}>
                      <TableCell data-label="Name" className="agent-wrap">
                        {printer.name}
                      </TableCell>
                      <TableCell data-label="Driver" className="agent-wrap">
                        <Reported value={printer.driver} />
                      </TableCell>
                      <TableCell data-label="Network">{yesNo(printer.network)}</TableCell>
                      <TableCell data-label="Shared">{yesNo(printer.shared)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </Section>

        <Section
          title="Installed software"
          count={full?.installed_software.length}
          stale={{ sections: ['installed_software'], machine: full }}
          wide
        >
          {(headingId) =>
            full ? (
              <AgentSoftware software={full.installed_software} labelledBy={headingId} />
            ) : (
              <SectionSkeleton />
            )
          }
        </Section>
        <AgentTimeline machineId={machineId} />
      </div>
    </article>
  );
}

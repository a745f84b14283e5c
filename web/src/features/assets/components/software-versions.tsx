import type { SoftwareProgram } from '@shared/inventory';
import { formatCount } from '../../../components/format';
import { versionLabel } from '../software-report';

/** Chips shown per program; the rest are counted ("+4 more"). */
const CHIPS_SHOWN = 3;

/**
 * A program's version spread: a bar split by how many machines have each version (most first),
 * then the first versions as chips with their counts.
 */
export function SoftwareVersions({ program }: { program: SoftwareProgram }) {
  const total = program.versions.reduce((sum, { machines }) => sum + machines, 0);
  const chips = program.versions.slice(0, CHIPS_SHOWN);
  const more = program.versions.length - chips.length;
  if (program.versions.length === 0) return <span className="agent-muted">No version</span>;
  return (
    <div className="software-versions">
      {program.versions.length > 1 ? (
        <div className="software-versions__bar" aria-hidden="true">
          {program.versions.map(({ version, machines }, index) => (
            <span
              key={version}
              className={`software-versions__segment software-versions__segment--${Math.min(index, 3)}`}
              style={{ width: `${(machines / total) * 100}%` }}
              title={`${versionLabel(version)}: ${formatCount(machines)}`}
            />
          ))}
        </div>
      ) : null}
      <ul className="software-versions__chips" aria-label={`Versions of ${program.name}`}>
        {chips.map(({ version, machines }, index) => (
          <li key={version} className={`software-chip software-chip--${Math.min(index, 3)}`}>
            <span className="software-chip__version">{versionLabel(version)}</span>
            <span className="software-chip__count">{formatCount(machines)}</span>
          </li>
        ))}
        {more > 0 ? <li className="software-chip software-chip--more">+{formatCount(more)} more</li> : null}
      </ul>
    </div>
  );
}

import type { ReactNode } from 'react';
import type { AuditLog } from '@shared/audit';
import { diffLines, EMPTY_VALUE, type DiffLine, type DisplayValue } from './audit-changes';
import '../audit-log.css';

/** A list (of diff lines, or of a field's items) longer than this shows the first few and folds the rest. */
const FOLD_AFTER = 8;
const SHOWN_WHEN_FOLDED = 6;

/** A long list shows its first few items and folds the rest behind "Show N more". */
function Folded({ items, className }: { items: ReactNode[]; className: string }) {
  const folded = items.length > FOLD_AFTER;
  const shown = folded ? items.slice(0, SHOWN_WHEN_FOLDED) : items;
  const rest = folded ? items.slice(SHOWN_WHEN_FOLDED) : [];
  return (
    <>
      <ul className={className}>{shown}</ul>
      {rest.length > 0 ? (
        <details className="audit-diff__more">
          <summary>Show {rest.length} more</summary>
          <ul className={className}>{rest}</ul>
        </details>
      ) : null}
    </>
  );
}

function Value({ value, tone }: { value: DisplayValue; tone: 'old' | 'new' | 'plain' }) {
  const Tag = tone === 'old' ? 'del' : tone === 'new' ? 'ins' : 'span';
  if (value === EMPTY_VALUE)
    return <span className="audit-diff__value audit-diff__value--empty">{value}</span>;
  if (typeof value === 'string') {
    return <Tag className={`audit-diff__value audit-diff__value--${tone}`}>{value}</Tag>;
  }
  return (
    <Folded
      className="audit-diff__items"
      items={value.map((item, index) => (
        <li key={index}>
          <Tag className={`audit-diff__value audit-diff__value--${tone}`}>{item}</Tag>
        </li>
      ))}
    />
  );
}

function Line({ line }: { line: DiffLine }): ReactNode {
  switch (line.kind) {
    case 'added':
      return (
        <li className="audit-diff__line audit-diff__line--added">
          <span className="audit-diff__sign">+</span> <span className="audit-diff__field">{line.label}:</span>{' '}
          <Value value={line.value} tone="plain" />
        </li>
      );
    case 'removed':
      return (
        <li className="audit-diff__line audit-diff__line--removed">
          <span className="audit-diff__sign">−</span> <span className="audit-diff__field">{line.label}:</span>{' '}
          <Value value={line.value} tone="plain" />
        </li>
      );
    case 'changed':
      return (
        <li className="audit-diff__line">
          <span className="audit-diff__field">{line.label}:</span> <Value value={line.old} tone="old" />{' '}
          <span className="audit-diff__arrow">→</span> <Value value={line.new} tone="new" />
        </li>
      );
    case 'list-changed':
      return (
        <li className="audit-diff__line">
          <span className="audit-diff__field">{line.label}:</span>
          <ul className="audit-diff__items">
            {line.removed.map((item, index) => (
              <li key={`removed-${index}`} className="audit-diff__line--removed">
                <span className="audit-diff__sign">−</span>{' '}
                <del className="audit-diff__value--old">{item}</del>
              </li>
            ))}
            {line.added.map((item, index) => (
              <li key={`added-${index}`} className="audit-diff__line--added">
                <span className="audit-diff__sign">+</span>{' '}
                <ins className="audit-diff__value--new">{item}</ins>
              </li>
            ))}
          </ul>
        </li>
      );
  }
}

/** The changes of one audit entry as lines a person reads, never as raw JSON. */
export function AuditDiff({ entry }: { entry: Pick<AuditLog, 'action' | 'changes'> }) {
  const lines = diffLines(entry);
  if (lines.length === 0) return <span className="audit-diff__none">{EMPTY_VALUE}</span>;
  return (
    <div className="audit-diff">
      <Folded
        className="audit-diff__lines"
        items={lines.map((line) => (
          <Line key={line.field} line={line} />
        ))}
      />
    </div>
  );
}

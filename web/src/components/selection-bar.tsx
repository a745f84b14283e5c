import { Button, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { formatCount, plural } from './format';
import type { Noun } from './list-total';
import './list.css';

interface SelectionBarProps {
  /** A name for the bar when it holds a task of its own (the hardware's status change). */
  label?: string;
  count: number;
  /** The most rows one bulk action takes, and what they are called. */
  max: number;
  noun: Noun;
  /** Id of the note shown past `max`: the bulk action's button refers to it. */
  limitId: string;
  onClear: () => void;
  /** The bulk action's fields, before its buttons. */
  fields?: ReactNode;
  /** The bulk action's buttons, before Clear selection. */
  actions?: ReactNode;
  /** A problem with the bulk action's fields. */
  note?: ReactNode;
}

/** Shown while rows of a list are ticked: how many, the bulk action, and Clear selection. */
export function SelectionBar({
  label,
  count,
  max,
  noun,
  limitId,
  onClear,
  fields,
  actions,
  note,
}: SelectionBarProps) {
  const Tag = label ? 'section' : 'div';
  return (
    <Tag className="selection-bar" aria-label={label}>
      <Text className="selection-bar__count" fontWeight="semibold">
        {formatCount(count)} selected
      </Text>
      {fields}
      <div className="selection-bar__actions">
        {actions}
        <Button size="small" variation="link" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {note}
      {count > max ? (
        <Text id={limitId} className="selection-bar__note" color="font.warning">
          Select at most {max} {noun[1]} at a time: {plural(count, 'is', 'are')} selected. Deselect some rows
          to continue.
        </Text>
      ) : null}
    </Tag>
  );
}

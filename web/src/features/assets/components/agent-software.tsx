import {
  Button,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useDeferredValue, useMemo, useState } from 'react';
import type { AgentMachine } from '@shared/agent-data';
import { ColumnHeaders } from '../../../components/column-headers';
import { searchWords } from '@shared/list';
import { plural } from '../../../components/format';
import '../../../components/data-table.css';

type Program = AgentMachine['installed_software'][number];

/** Rows shown at first and added by each "Show more": thousands of rows at once would lag. */
export const SOFTWARE_PAGE_SIZE = 100;

const COLLATOR = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

interface IndexedProgram extends Program {
  /** Lower-cased name and version, searched without re-lowering on every keystroke. */
  text: string;
}

/** The installed programs by name, searchable, a page at a time. */
export function AgentSoftware({
  software,
  labelledBy,
}: {
  software: readonly Program[];
  labelledBy: string;
}) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [shown, setShown] = useState({ search: '', count: SOFTWARE_PAGE_SIZE });

  const sorted = useMemo<IndexedProgram[]>(
    () =>
      software
        .map((program) => ({ ...program, text: `${program.name}\n${program.version ?? ''}`.toLowerCase() }))
        .sort(
          (a, b) => COLLATOR.compare(a.name, b.name) || COLLATOR.compare(a.version ?? '', b.version ?? ''),
        ),
    [software],
  );
  const matches = useMemo(() => {
    const words = searchWords(deferredSearch);
    return words.length === 0
      ? sorted
      : sorted.filter((program) => words.every((word) => program.text.includes(word)));
  }, [sorted, deferredSearch]);

  // A new search starts again from the first page.
  const count = shown.search === deferredSearch ? shown.count : SOFTWARE_PAGE_SIZE;
  const visible = matches.slice(0, count);
  const remaining = matches.length - visible.length;
  const filtered = deferredSearch.trim() !== '';

  if (software.length === 0) return <p className="agent-muted">No installed software reported</p>;

  return (
    <div className="agent-software">
      <div role="search" aria-label="Installed software" className="agent-software__search">
        <SearchField
          label="Search software"
          labelHidden={false}
          placeholder="Program name or version"
          hasSearchButton={false}
          hasSearchIcon
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onClear={() => setSearch('')}
          maxLength={100}
        />
      </div>
      <VisuallyHidden role="status">
        {filtered ? `${plural(matches.length, 'program matches', 'programs match')} your search` : ''}
      </VisuallyHidden>
      {matches.length === 0 ? (
        <p className="agent-muted">No programs match your search</p>
      ) : (
        <>
          {/* Scrolls within a fixed height, so the sections above stay in reach; focusable to scroll by keyboard. */}
          <div
            className="table-scroll agent-software__table"
            role="region"
            aria-label="Installed software list"
            tabIndex={0}
            aria-busy={search !== deferredSearch}
          >
            <Table size="small" className="agent-table" aria-labelledby={labelledBy}>
              <TableHead>
                <TableRow>
                  <ColumnHeaders labels={['Name', 'Version']} />
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((program, index) => (
                  <TableRow key={`${program.name}\n${program.version ?? ''}\n${index}`}>
                    <TableCell className="agent-software__name">{program.name}</TableCell>
                    <TableCell className={program.version ? 'agent-mono' : 'agent-muted'}>
                      {program.version ?? 'Unknown'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <div className="agent-software__footer">
            <Text fontSize="small" color="font.secondary" data-testid="software-shown">
              Showing {visible.length.toLocaleString('en-GB')} of{' '}
              {plural(
                matches.length,
                filtered ? 'matching program' : 'program',
                filtered ? 'matching programs' : 'programs',
              )}
            </Text>
            {remaining > 0 ? (
              <Button
                size="small"
                onClick={() => setShown({ search: deferredSearch, count: count + SOFTWARE_PAGE_SIZE })}
              >
                Show {Math.min(SOFTWARE_PAGE_SIZE, remaining).toLocaleString('en-GB')} more
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

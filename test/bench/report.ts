import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../infra/local/settings';

/** A budget a figure must keep: at most (`<=`) or at least (`>=`) `limit`, in the figure's unit. */
export interface Budget {
  op: '<=' | '>=';
  limit: number;
}

/** One measured figure of `npm run bench`. */
export interface Figure {
  /** The report's section, e.g. 'Lambda bundles', 'Web', 'API at 100,000 assets', 'Cost'. */
  section: string;
  name: string;
  value: number;
  /** 'KB', 'ms', '×', 'rows/s', 'WRU', 'USD/month', 'score'… */
  unit: string;
  /** Absent for figures printed to explain others. */
  budget?: Budget;
  /** One short line on how it was measured or what it is compared with. */
  detail?: string;
}

export function withinBudget(figure: Figure): boolean | undefined {
  if (!figure.budget) return undefined;
  return figure.budget.op === '<='
    ? figure.value <= figure.budget.limit
    : figure.value >= figure.budget.limit;
}

const DIGITS: Record<string, number> = { '×': 2, ms: 1, 'USD/month': 2, WRU: 1, RRU: 1 };

export function formatValue(value: number, unit: string): string {
  const digits = DIGITS[unit] ?? (Number.isInteger(value) ? 0 : 1);
  const text = value.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit === '×' ? `${text}×` : `${text} ${unit}`;
}

function formatBudget(budget: Budget | undefined, unit: string): string {
  return budget ? `${budget.op === '<=' ? '≤' : '≥'} ${formatValue(budget.limit, unit)}` : '';
}

/** The whole report as a fixed-width table, one block per section. */
export function reportTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => {
    const pass = withinBudget(figure);
    return {
      section: figure.section,
      cells: [
        figure.name,
        formatValue(figure.value, figure.unit),
        formatBudget(figure.budget, figure.unit),
        pass === undefined ? '' : pass ? 'PASS' : 'FAIL',
      ],
    };
  });
  const header = ['figure', 'measured', 'budget', 'result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row.cells[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  const out = [line(header), widths.map((width) => '-'.repeat(width)).join('-|-')];
  let section: string | undefined;
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      out.push(`[${section}]`);
    }
    out.push(line(row.cells));
  }
  return out.join('\n');
}

export const REPORT_DIR = path.join(REPO_ROOT, '.bench');

/** Writes .bench/report.json (figures with their results) and returns its path. */
export async function writeReport(figures: readonly Figure[], startedAt: Date): Promise<string> {
  await mkdir(REPORT_DIR, { recursive: true });
  const file = path.join(REPORT_DIR, 'report.json');
  const report = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    node: process.version,
    figures: figures.map((figure) => ({ ...figure, pass: withinBudget(figure) ?? null })),
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

import { VisuallyHidden } from '@aws-amplify/ui-react';
import { formatCount } from '../../../components/format';

export interface BarChartRow {
  label: string;
  value: number;
  /** A CSS colour for the bar. */
  color: string;
}

interface BarChartProps {
  /** The accessible name of the chart (its card's heading). */
  label: string;
  rows: readonly BarChartRow[];
}

/**
 * A horizontal bar chart drawn with CSS. It is a list whose items read "Active: 12", so the numbers
 * are visible and a screen reader hears the same; the bars themselves are decoration.
 */
export function BarChart({ label, rows }: BarChartProps) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <ul className="bar-chart" aria-label={label}>
      {rows.map((row) => {
        const share = total > 0 ? Math.round((row.value / total) * 100) : 0;
        return (
          <li key={row.label} className="bar-chart__row" title={`${row.label}: ${row.value} (${share}%)`}>
            <span className="bar-chart__label">
              <span className="bar-chart__swatch" style={{ background: row.color }} aria-hidden="true" />
              {row.label}
            </span>
            <VisuallyHidden>: </VisuallyHidden>
            <span className="bar-chart__track" aria-hidden="true">
              <span
                className="bar-chart__bar"
                style={{ width: `${(row.value / max) * 100}%`, background: row.color }}
              />
            </span>
            <span className="bar-chart__value">{formatCount(row.value)}</span>
          </li>
        );
      })}
    </ul>
  );
}

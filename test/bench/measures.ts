/** The bench's small arithmetic and number formats, shared by its phases. */

export const number = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const seconds = (ms: number) => `${number(ms / 1000, 1)} s`;
export const millis = (ms: number) => `${number(ms, 2)} ms`;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

export function heading(title: string): void {
  console.log(`\n== ${title} ==`);
}

import type { ChartView } from '../../../../contract/api';

/** The kinds of chart drawn; anything else is shown as a table only. */
export type ChartKind = 'bar' | 'line' | 'pie';

/** One series of numbers over the categories. */
export type Series = { name: string; values: number[] };
export type ChartData = { kind: ChartKind; categories: string[]; series: Series[] };

const KINDS: Record<string, ChartKind> = {
  response_bar_chart: 'bar',
  response_line_chart: 'line',
  response_area_chart: 'line',
  response_pie_chart: 'pie',
};

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/**
 * What to draw for a spreadsheet answer: the category column `x` and the numeric columns `y` (or, when the
 * server named none, the first column and the numeric ones after it). Null when there is nothing to draw.
 */
export function chartDataOf(view: ChartView): ChartData | null {
  const kind = KINDS[view.type] ?? (view.type === 'response_table' ? null : 'bar');
  if (!kind || !view.data.length || !view.columns.length) return null;
  const x = view.x && view.columns.includes(view.x) ? view.x : view.columns[0];
  const numeric = (col: string) => view.data.every((row) => row[col] === null || row[col] === undefined || toNumber(row[col]) !== null);
  const ys = (view.y?.length ? view.y.filter((c) => view.columns.includes(c)) : view.columns.filter((c) => c !== x)).filter(numeric);
  if (!ys.length) return null;
  const series = (kind === 'pie' ? ys.slice(0, 1) : ys).map((name) => ({ name, values: view.data.map((row) => toNumber(row[name]) ?? 0) }));
  return { kind, categories: view.data.map((row) => String(row[x] ?? '')), series };
}

/** A "nice" upper bound for an axis (1, 2, 2.5, 5 × 10^n) at or above the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

/** The SVG path of a pie slice from angle a0 to a1 (radians, 0 at 12 o'clock, clockwise). */
export function slicePath(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const point = (a: number) => `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;
  if (a1 - a0 >= Math.PI * 2 - 1e-9) return `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M ${cx} ${cy} L ${point(a0)} A ${r} ${r} 0 ${large} 1 ${point(a1)} Z`;
}

import type { ChartView } from '../../../../contract/api';
import type { ChartSpec } from '../../../components/chart/chart-spec';

/** The kinds of chart drawn; anything else is shown as a table only. */
export type ChartKind = 'bar' | 'line' | 'area' | 'pie';

/** One series of numbers over the categories. */
export type Series = { name: string; values: number[] };
export type ChartData = { kind: ChartKind; categories: string[]; series: Series[] };

const KINDS: Record<string, ChartKind> = {
  response_bar_chart: 'bar',
  response_line_chart: 'line',
  response_area_chart: 'area',
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

/** The chart's Chinese name for its label: 柱状图：收入、支出. */
export function chartLabel(data: ChartData): string {
  const name = { pie: '饼图', line: '折线图', area: '面积图', bar: '柱状图' }[data.kind];
  return `${name}：${data.series.map((s) => s.name).join('、')}`;
}

/** The chart of an answer (the same chart component as 统计, loaded when a chart is shown). */
export function chartSpec(data: ChartData): ChartSpec {
  if (data.kind === 'pie') {
    const [series] = data.series;
    return { kind: 'pie', name: series.name, slices: data.categories.map((name, i) => ({ name, value: Math.max(0, series.values[i]) })) };
  }
  return {
    kind: 'cartesian',
    categories: data.categories,
    legend: 'bottom',
    series: data.series.map((s) => ({
      name: s.name, type: data.kind === 'bar' ? 'bar' : 'line', data: s.values,
      ...(data.kind === 'bar' ? { barMaxWidth: 32 } : { smooth: true, area: data.kind === 'area' }),
    })),
  };
}

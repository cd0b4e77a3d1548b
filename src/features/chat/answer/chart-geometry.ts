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

/** The chart's Chinese name for its label: 柱状图：收入、支出. */
export function chartLabel(data: ChartData): string {
  return `${data.kind === 'pie' ? '饼图' : data.kind === 'line' ? '折线图' : '柱状图'}：${data.series.map((s) => s.name).join('、')}`;
}

/** The ECharts option of an answer's chart (the same chart component as 统计, loaded when a chart is shown). */
export function chartOption(data: ChartData) {
  if (data.kind === 'pie') {
    const [series] = data.series;
    return {
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { type: 'scroll', orient: 'vertical', right: 8, top: 16, bottom: 16 },
      series: [{
        name: series.name, type: 'pie', radius: ['0%', '70%'], center: ['35%', '50%'],
        data: data.categories.map((name, i) => ({ name, value: Math.max(0, series.values[i]) })),
      }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 56, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: data.categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value' },
    series: data.series.map((s) => ({
      name: s.name, type: data.kind, data: s.values, ...(data.kind === 'bar' ? { barMaxWidth: 32 } : { smooth: true }),
    })),
  };
}

// Chart.js with only the charts, scales and plugins the product draws, as one lazily imported module (Chart.tsx
// imports it on the first chart shown; D77). Named imports and `register` let the bundler leave out the rest.
import {
  ArcElement, BarController, BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement,
  PieController, PointElement, Tooltip,
  type ChartConfiguration, type ChartDataset, type Plugin, type ScaleOptions, type TooltipItem,
} from 'chart.js';
import { REDUCED_MOTION_QUERY } from '../../lib/reduced-motion';
import { PALETTE, type CartesianSpec, type ChartSpec, type PieSpec, type ValueAxis } from './chart-spec';

/** Writes each bar's value at its end (rankings). */
const valueLabels: Plugin<'bar'> = {
  id: 'valueLabels',
  afterDatasetsDraw(chart, _args, options: { display?: boolean }) {
    if (!options.display) return;
    const { ctx } = chart;
    const horizontal = chart.options.indexAxis === 'y';
    ctx.save();
    ctx.fillStyle = '#595959';
    ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
    ctx.textAlign = horizontal ? 'left' : 'center';
    ctx.textBaseline = horizontal ? 'middle' : 'bottom';
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (meta.hidden || meta.type !== 'bar') return;
      meta.data.forEach((bar, j) => {
        const value = dataset.data[j];
        if (value === null || value === undefined) return;
        ctx.fillText(String(value), horizontal ? bar.x + 4 : bar.x, horizontal ? bar.y : bar.y - 4);
      });
    });
    ctx.restore();
  },
};

/** Value axes' names written level above their axis line (操作, 毫秒), as ECharts placed them. */
const axisNames: Plugin = {
  id: 'axisNames',
  afterDraw(chart, _args, options: { names?: Record<string, string> }) {
    const names = options.names ?? {};
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.fillStyle = Chart.defaults.color as string;
    ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    for (const [id, name] of Object.entries(names)) {
      const scale = chart.scales[id];
      if (scale) ctx.fillText(name, scale.position === 'right' ? scale.left : scale.right, chartArea.top - 8);
    }
    ctx.restore();
  },
};

/** What was drawn, read back from the chart after each update, on the canvas (the browser tests read it). */
const drawnData: Plugin = {
  id: 'drawnData',
  afterUpdate(chart) {
    chart.canvas.dataset.labels = JSON.stringify(chart.data.labels ?? []);
    chart.canvas.dataset.series = JSON.stringify(chart.data.datasets.map((d) => ({ name: d.label, data: d.data })));
  },
};

Chart.register(
  BarController, LineController, PieController, ArcElement, BarElement, LineElement, PointElement, CategoryScale, LinearScale,
  Filler, Legend, Tooltip, valueLabels, axisNames, drawnData,
);
Chart.defaults.color = '#6e7079';
Chart.defaults.borderColor = '#e0e6f1';

const cut = (text: string, chars?: number) => (chars && text.length > chars ? `${text.slice(0, chars - 1)}…` : text);
const translucent = (hex: string, alpha: number) => `${hex}${Math.round(alpha * 255).toString(16).padStart(2, '0')}`;

function valueScale(axis: ValueAxis | undefined, position: 'left' | 'right' | 'bottom', stacked: boolean): ScaleOptions<'linear'> {
  return {
    type: 'linear', position, beginAtZero: true, stacked,
    grid: { display: position !== 'right' },
    ticks: { maxTicksLimit: 6, ...(axis?.integer ? { precision: 0 } : {}) },
  } as ScaleOptions<'linear'>;
}

function cartesian(spec: CartesianSpec): ChartConfiguration<'bar' | 'line'> {
  const stacked = spec.series.some((s) => s.stack);
  const datasets = spec.series.map((s, i): ChartDataset<'bar' | 'line'> => {
    const color = s.color ?? PALETTE[i % PALETTE.length];
    const common = { label: s.name, data: s.data, stack: s.stack ?? `own-${i}`, yAxisID: s.axis === 'right' ? 'y1' : undefined };
    if (s.type === 'line') {
      return {
        ...common, type: 'line', borderColor: color, backgroundColor: s.area ? translucent(color, 0.15) : color,
        fill: s.area ? 'origin' : false, tension: s.smooth ? 0.35 : 0, pointRadius: s.pointRadius ?? 3, borderWidth: 2,
        pointStyle: 'circle', pointBackgroundColor: '#fff',
      } as ChartDataset<'line'>;
    }
    return { ...common, type: 'bar', backgroundColor: color, maxBarThickness: s.barMaxWidth, pointStyle: 'rect' } as ChartDataset<'bar'>;
  });
  const categoryAxis = {
    type: 'category', stacked, grid: { display: false },
    ticks: {
      autoSkip: !spec.everyCategory, maxRotation: 0,
      callback(this: { getLabelForValue(v: number): string }, value: number | string) {
        return cut(this.getLabelForValue(Number(value)), spec.categoryLabelChars);
      },
    },
  };
  const [first, second] = spec.valueAxes ?? [];
  const scales: Record<string, unknown> = spec.horizontal
    ? { y: categoryAxis, x: valueScale(first, 'bottom', stacked) }
    : { x: categoryAxis, y: valueScale(first, 'left', stacked), ...(second ? { y1: valueScale(second, 'right', stacked) } : {}) };
  const legend = spec.legend ?? 'top';
  return {
    type: 'bar',
    data: { labels: spec.categories, datasets },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      interaction: { mode: 'index', intersect: false },
      scales: scales as never,
      plugins: {
        legend: {
          display: legend !== 'none', position: legend === 'bottom' ? 'bottom' : 'top',
          labels: { usePointStyle: true, pointStyleWidth: 14, boxHeight: 8 },
        },
        valueLabels: { display: Boolean(spec.valueLabels) },
        axisNames: { names: spec.horizontal ? {} : { ...(first?.title ? { y: first.title } : {}), ...(second?.title ? { y1: second.title } : {}) } },
      } as never,
      layout: { padding: spec.valueLabels ? { right: 32, top: 16 } : { top: first?.title || second?.title ? 22 : 0 } },
    },
  };
}

function pie(spec: PieSpec): ChartConfiguration<'pie'> {
  const total = spec.slices.reduce((n, s) => n + s.value, 0);
  return {
    type: 'pie',
    data: {
      labels: spec.slices.map((s) => s.name),
      datasets: [{ label: spec.name, data: spec.slices.map((s) => s.value), backgroundColor: spec.slices.map((_, i) => PALETTE[i % PALETTE.length]) }],
    },
    options: {
      plugins: {
        legend: { position: 'right', labels: { boxWidth: 14, boxHeight: 10 } },
        tooltip: {
          callbacks: {
            label: (item: TooltipItem<'pie'>) => `${item.label}：${item.parsed}（${total ? Math.round((item.parsed / total) * 1000) / 10 : 0}%）`,
          },
        },
      },
    },
  };
}

/** The Chart.js configuration of a chart spec (exported for the unit test). */
export function configOf(spec: ChartSpec): ChartConfiguration {
  const config = (spec.kind === 'pie' ? pie(spec) : cartesian(spec)) as ChartConfiguration;
  const reduced = typeof window !== 'undefined' && (window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false);
  config.options = { ...config.options, responsive: true, maintainAspectRatio: false, ...(reduced ? { animation: false } : {}) };
  return config;
}

export type DrawnChart = { destroy(): void };

/** Draws a chart on the canvas; it resizes with the canvas' box (which must hold only the canvas). */
export function draw(canvas: HTMLCanvasElement, spec: ChartSpec): DrawnChart {
  Chart.defaults.font.family = getComputedStyle(canvas).fontFamily || Chart.defaults.font.family;
  return new Chart(canvas, configOf(spec));
}

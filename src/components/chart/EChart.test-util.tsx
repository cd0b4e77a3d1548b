import type { EChartProps } from './EChart';

/**
 * EChart for renderer tests (jsdom has no canvas to draw on): renders the option the page hands the chart, so a test
 * checks the chart's categories and series. Used as `vi.mock('…/components/chart/EChart', () => import('…/EChart.test-util'))`.
 */
export function EChart({ option, ariaLabel }: EChartProps) {
  return <div role="img" aria-label={ariaLabel} data-testid="echart" data-option={JSON.stringify(option)} />;
}

/** The option a chart was given. */
export type ShownOption = {
  xAxis?: { data?: unknown[] } | { data?: unknown[] }[];
  yAxis?: { data?: unknown[] } | { data?: unknown[] }[];
  series: { name?: string; type: string; data: unknown[]; stack?: string }[];
};
export const optionOf = (chart: HTMLElement): ShownOption => JSON.parse(chart.dataset.option ?? '{}') as ShownOption;

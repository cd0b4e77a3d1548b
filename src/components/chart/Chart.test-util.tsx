import type { ChartProps } from './Chart';
import type { CartesianSpec, ChartSpec, PieSpec } from './chart-spec';

/**
 * Chart for renderer tests (jsdom has no canvas to draw on): renders the spec the page hands the chart, so a test
 * checks the chart's categories and series. Used as `vi.mock('…/components/chart/Chart', () => import('…/Chart.test-util'))`.
 */
export function Chart({ spec, ariaLabel }: ChartProps) {
  return <div role="img" aria-label={ariaLabel} data-testid="chart" data-spec={JSON.stringify(spec)} />;
}

/** The spec a chart was given. */
export const specOf = (chart: HTMLElement): ChartSpec => JSON.parse(chart.dataset.spec ?? '{}') as ChartSpec;
export const cartesianOf = (chart: HTMLElement): CartesianSpec => specOf(chart) as CartesianSpec;
export const pieOf = (chart: HTMLElement): PieSpec => specOf(chart) as PieSpec;

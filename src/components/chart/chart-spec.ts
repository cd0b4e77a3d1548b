// What a chart shows, in the product's terms and independent of the library that draws it (components/chart/Chart
// draws it with Chart.js, loaded on the first chart shown). Pure data, so pages build and test it without a canvas.

/** A value axis: its title (e.g. 毫秒) and whether it counts whole things (no 0.5 ticks). */
export type ValueAxis = { title?: string; integer?: boolean };

/** One series over the categories. `axis: 'right'` puts it on the second value axis. */
export type ChartSeries = {
  name: string;
  type: 'bar' | 'line';
  data: (number | null)[];
  color?: string;
  /** Series with the same stack are stacked. */
  stack?: string;
  /** A line with the area under it filled. */
  area?: boolean;
  /** A curved line through the points. */
  smooth?: boolean;
  axis?: 'right';
  barMaxWidth?: number;
  pointRadius?: number;
};

/** Bars and lines over categories; `horizontal` lays the categories down the side (rankings). */
export type CartesianSpec = {
  kind: 'cartesian';
  categories: string[];
  series: ChartSeries[];
  horizontal?: boolean;
  legend?: 'top' | 'bottom' | 'none';
  /** The left (or bottom, when horizontal) value axis and an optional right one. */
  valueAxes?: [ValueAxis] | [ValueAxis, ValueAxis];
  /** Each bar's value written at its end. */
  valueLabels?: boolean;
  /** Category labels longer than this many characters are cut with …. */
  categoryLabelChars?: number;
  /** Every category labelled, even where labels would crowd. */
  everyCategory?: boolean;
};

/** A pie of one series, the legend beside it. */
export type PieSpec = { kind: 'pie'; name: string; slices: { name: string; value: number }[] };

export type ChartSpec = CartesianSpec | PieSpec;

/** The colours of the series in turn, unless a series names its own. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

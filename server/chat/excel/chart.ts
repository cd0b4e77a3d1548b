// How a query result is shown: a table, or a chart the client can draw (DB-GPT's display types), with the
// category column (x), the value columns (y) and a short Chinese description.
import type { ChartView } from '../../../contract/api';
import type { QueryResult } from './engine';
import { isNumericType, isTemporalType } from './values';

/** Bars are readable up to this many categories. */
export const MAX_BAR_ROWS = 30;
/** A pie only for a few slices. */
export const MAX_PIE_ROWS = 8;

const SHARE_WORDS = /占比|比例|比重|份额|构成|百分比|分布|share|percent|ratio|proportion/i;

const CHART_NAMES: Record<string, string> = {
  response_table: '表格',
  response_bar_chart: '柱状图',
  response_line_chart: '折线图',
  response_pie_chart: '饼图',
};

type Display = Pick<ChartView, 'type' | 'x' | 'y'>;

/** The display of a result; `question` helps to tell a share (pie) from a comparison (bar). */
export function chooseDisplay(result: QueryResult, question = ''): Display {
  const n = result.rows.length;
  const numeric = result.columns.filter((_, i) => isNumericType(result.types[i]));
  const temporal = result.columns.filter((_, i) => isTemporalType(result.types[i]));
  const others = result.columns.filter((c) => !numeric.includes(c) && !temporal.includes(c));
  if (n < 2 || numeric.length === 0) return { type: 'response_table' };
  if (temporal.length === 1 && others.length === 0) return { type: 'response_line_chart', x: temporal[0], y: numeric };
  if (others.length !== 1 || temporal.length > 0 || n > MAX_BAR_ROWS) return { type: 'response_table' };
  const x = others[0];
  const allNonNegative = numeric.length === 1 && result.rows.every((r) => typeof r[numeric[0]] === 'number' && (r[numeric[0]] as number) >= 0);
  const shareLike = SHARE_WORDS.test(question) || SHARE_WORDS.test(numeric[0]);
  if (allNonNegative && shareLike && n <= MAX_PIE_ROWS) return { type: 'response_pie_chart', x, y: numeric };
  return { type: 'response_bar_chart', x, y: numeric };
}

/** The result as a chart frame's content. */
export function toChartView(result: QueryResult, sql: string, question = ''): ChartView {
  const display = chooseDisplay(result, question);
  const parts = [`查询结果共 ${result.rows.length} 行${result.truncated ? `（结果过多，仅显示前 ${result.rows.length} 行）` : ''}`];
  if (display.x && display.y) {
    const axis = display.type === 'response_pie_chart' ? '分类' : '横轴';
    parts.push(`以${CHART_NAMES[display.type]}展示：${axis}「${display.x}」，数值「${display.y.join('」「')}」`);
  }
  return {
    ...display,
    sql,
    columns: result.columns,
    data: result.rows,
    truncated: result.truncated,
    description: `${parts.join('；')}。`,
  };
}

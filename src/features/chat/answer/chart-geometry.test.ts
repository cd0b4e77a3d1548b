import { describe, expect, it } from 'vitest';
import type { ChartView } from '../../../../contract/api';
import { chartDataOf, chartLabel, chartSpec } from './chart-geometry';

const view = (overrides: Partial<ChartView>): ChartView => ({
  type: 'response_bar_chart', sql: 'SELECT 1', columns: ['月份', '收入', '备注'], truncated: false,
  data: [{ 月份: '1月', 收入: '120', 备注: '甲' }, { 月份: '2月', 收入: 80, 备注: '乙' }], ...overrides,
});

describe('chartDataOf', () => {
  it('takes the category column and the numeric columns, reading numbers written as text', () => {
    expect(chartDataOf(view({}))).toEqual({ kind: 'bar', categories: ['1月', '2月'], series: [{ name: '收入', values: [120, 80] }] });
  });

  it('follows the server’s x and y and the chart type; a pie uses one series', () => {
    const v = view({ type: 'response_pie_chart', columns: ['a', 'b', 'c'], data: [{ a: 1, b: 'x', c: 5 }], x: 'b', y: ['c', 'a'] });
    expect(chartDataOf(v)).toEqual({ kind: 'pie', categories: ['x'], series: [{ name: 'c', values: [5] }] });
  });

  it('draws nothing for a table answer, for no rows, or without a numeric column', () => {
    expect(chartDataOf(view({ type: 'response_table' }))).toBeNull();
    expect(chartDataOf(view({ data: [] }))).toBeNull();
    expect(chartDataOf(view({ columns: ['月份', '备注'] }))).toBeNull();
  });
});

describe('chartSpec', () => {
  it('draws bars or lines over the categories, one series per numeric column', () => {
    const data = chartDataOf(view({ columns: ['月份', '收入', '支出'], data: [{ 月份: '1月', 收入: 120, 支出: 30 }, { 月份: '2月', 收入: 80, 支出: 50 }] }))!;
    const spec = chartSpec(data);
    expect(spec).toMatchObject({ kind: 'cartesian', categories: ['1月', '2月'], legend: 'bottom' });
    expect(spec.kind === 'cartesian' && spec.series).toEqual([
      { name: '收入', type: 'bar', data: [120, 80], barMaxWidth: 32 },
      { name: '支出', type: 'bar', data: [30, 50], barMaxWidth: 32 },
    ]);
    expect(chartLabel(data)).toBe('柱状图：收入、支出');
    expect(chartSpec({ ...data, kind: 'line' })).toMatchObject({ series: [{ type: 'line', smooth: true, area: false, data: [120, 80] }, {}] });
  });

  it('draws an area chart as a line with the area under it filled', () => {
    const data = chartDataOf(view({ type: 'response_area_chart' }))!;
    expect(data.kind).toBe('area');
    expect(chartSpec(data)).toMatchObject({ kind: 'cartesian', series: [{ name: '收入', type: 'line', area: true, data: [120, 80] }] });
    expect(chartLabel(data)).toBe('面积图：收入');
  });

  it('draws a pie of the first series, negative values as nothing', () => {
    const spec = chartSpec({ kind: 'pie', categories: ['甲', '乙'], series: [{ name: '人数', values: [3, -1] }] });
    expect(spec).toEqual({ kind: 'pie', name: '人数', slices: [{ name: '甲', value: 3 }, { name: '乙', value: 0 }] });
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartView } from '../../../../contract/api';
import { chartDataOf, niceMax, slicePath } from './chart-geometry';

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

describe('axis and slices', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(12), niceMax(230), niceMax(4800)]).toEqual([1, 10, 20, 250, 5000]);
  });

  it('draws a quarter slice from 12 to 3 o’clock and a whole circle as one arc', () => {
    expect(slicePath(100, 100, 50, 0, Math.PI / 2)).toBe('M 100 100 L 100.00 50.00 A 50 50 0 0 1 150.00 100.00 Z');
    expect(slicePath(100, 100, 50, 0, Math.PI * 2)).toContain('A 50 50 0 1 1');
  });
});

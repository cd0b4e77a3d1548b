import { describe, expect, it } from 'vitest';
import { configOf } from './chart-setup';
import { PALETTE } from './chart-spec';

describe('configOf (Chart.js)', () => {
  it('draws bars and lines over the categories, stacked where asked, a series on the right axis', () => {
    const config = configOf({
      kind: 'cartesian', categories: ['1月', '2月'], valueAxes: [{ title: '毫秒' }, { title: 'token/秒', integer: true }],
      series: [
        { name: '甲', type: 'bar', stack: 's', data: [1, 2], barMaxWidth: 20 },
        { name: '乙', type: 'bar', stack: 's', data: [3, 4], color: '#f5222d' },
        { name: '丙', type: 'line', axis: 'right', area: true, smooth: true, data: [5, null] },
      ],
    });
    expect(config.data.labels).toEqual(['1月', '2月']);
    expect(config.data.datasets).toMatchObject([
      { label: '甲', type: 'bar', stack: 's', data: [1, 2], maxBarThickness: 20, backgroundColor: PALETTE[0] },
      { label: '乙', type: 'bar', stack: 's', backgroundColor: '#f5222d' },
      { label: '丙', type: 'line', yAxisID: 'y1', fill: 'origin', tension: 0.35, data: [5, null] },
    ]);
    const scales = config.options?.scales as Record<string, { stacked?: boolean; position?: string; ticks?: { precision?: number } }>;
    expect(scales.x.stacked).toBe(true);
    expect(scales.y).toMatchObject({ position: 'left' });
    expect(scales.y1).toMatchObject({ position: 'right', ticks: { precision: 0 } });
    // The axes' names are written above them.
    expect(config.options?.plugins).toMatchObject({ axisNames: { names: { y: '毫秒', y1: 'token/秒' } } });
    expect(config.options).toMatchObject({ responsive: true, maintainAspectRatio: false, interaction: { mode: 'index', intersect: false } });
  });

  it('lays a ranking down with the values written at the bars, long names cut', () => {
    const config = configOf({
      kind: 'cartesian', horizontal: true, legend: 'none', valueLabels: true, categoryLabelChars: 4,
      categories: ['知识库文档：文件无法解析'], series: [{ name: '次数', type: 'bar', data: [2] }],
    });
    expect(config.options).toMatchObject({ indexAxis: 'y', plugins: { legend: { display: false }, valueLabels: { display: true } } });
    const y = (config.options?.scales as Record<string, { ticks: { callback: (this: unknown, v: number) => string } }>).y;
    expect(y.ticks.callback.call({ getLabelForValue: () => '知识库文档：文件无法解析' }, 0)).toBe('知识库…');
  });

  it('draws a pie with its share in the tooltip', () => {
    const config = configOf({ kind: 'pie', name: '人数', slices: [{ name: '甲', value: 3 }, { name: '乙', value: 1 }] });
    expect(config.type).toBe('pie');
    expect(config.data).toMatchObject({ labels: ['甲', '乙'], datasets: [{ label: '人数', data: [3, 1] }] });
    const label = (config.options?.plugins?.tooltip?.callbacks as { label: (item: unknown) => string }).label;
    expect(label({ label: '甲', parsed: 3 })).toBe('甲：3（75%）');
  });
});

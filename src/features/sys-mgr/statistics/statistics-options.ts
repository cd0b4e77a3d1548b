// The ECharts options of 统计 (D57, D65), pure so they are tested without a canvas.
import type { StatisticsFigures } from '../../../../contract/api';

export type Figures = StatisticsFigures;
export type Day = Figures['days'][number];

const RED = '#f5222d';
const BLUE = '#1677ff';
const GRADE_COLORS: Record<string, string> = { 公开: '#52c41a', 内部: '#1677ff', 秘密: '#fa8c16', 机密: '#f5222d' };

/** Every day of the range, days without entries as zero. */
export function everyDay(days: Day[], start: string, end: string): Day[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const all: Day[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    all.push(byDay.get(day) ?? { day, operations: 0, activeUsers: 0, logins: 0, failures: 0 });
  }
  return all;
}

export function trendOption(days: Day[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['操作次数', '活跃用户'] },
    grid: { left: 48, right: 48, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value', name: '操作' }, { type: 'value', name: '用户', minInterval: 1 }],
    series: [
      { name: '操作次数', type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: days.map((d) => d.operations) },
      { name: '活跃用户', type: 'line', smooth: true, yAxisIndex: 1, data: days.map((d) => d.activeUsers) },
    ],
  };
}

export function loginsOption(days: Day[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['登录次数', '失败操作'] },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '登录次数', type: 'bar', barMaxWidth: 18, data: days.map((d) => d.logins) },
      { name: '失败操作', type: 'bar', barMaxWidth: 18, itemStyle: { color: RED }, data: days.map((d) => d.failures) },
    ],
  };
}

/** A ranking as horizontal bars, the largest on top. */
export function rankingOption(rows: { name: string; count: number }[], color = BLUE) {
  const shown = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 32, top: 8, bottom: 16, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { width: 150, overflow: 'truncate' } },
    series: [{ name: '次数', type: 'bar', barMaxWidth: 22, data: shown.map((r) => r.count), itemStyle: { color }, label: { show: true, position: 'right' } }],
  };
}

/** Questions per day, one stacked bar series per mode. */
export function questionsOption(questions: Figures['questions'], days: string[]) {
  const modes = [...new Set(questions.map((q) => q.mode))];
  const count = new Map(questions.map((q) => [`${q.day}|${q.mode}`, q.questions]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: modes.map((mode) => ({ name: mode, type: 'bar', stack: 'questions', barMaxWidth: 24, data: days.map((d) => count.get(`${d}|${mode}`) ?? 0) })),
  };
}

/** Documents (or chunks) per space, one stacked series per grade. */
export function documentsOption(documents: Figures['documents'], key: 'documents' | 'chunks') {
  const spaces = [...new Set(documents.map((d) => d.space))];
  const grades = [...new Set(documents.map((d) => d.grade))];
  const value = new Map(documents.map((d) => [`${d.space}|${d.grade}`, d[key]]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: spaces, axisLabel: { interval: 0, width: 90, overflow: 'truncate' } },
    yAxis: { type: 'value', minInterval: 1 },
    series: grades.map((grade) => ({
      name: grade, type: 'bar', stack: key, barMaxWidth: 32, itemStyle: GRADE_COLORS[grade] ? { color: GRADE_COLORS[grade] } : undefined,
      data: spaces.map((s) => value.get(`${s}|${grade}`) ?? 0),
    })),
  };
}

/** Per model: time to first text and queue waits (ms) as bars, tokens per second as a line on its own axis. */
export function modelsOption(models: Figures['models']) {
  const names = models.map((m) => m.model);
  const bar = (name: string, values: (number | null)[], color?: string) => ({
    name, type: 'bar', barMaxWidth: 20, data: values, ...(color ? { itemStyle: { color } } : {}),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: names },
    yAxis: [{ type: 'value', name: '毫秒' }, { type: 'value', name: 'token/秒' }],
    series: [
      bar('首字时间（平均）', models.map((m) => m.firstTokenMs)),
      bar('首字时间（P90）', models.map((m) => m.firstTokenP90Ms)),
      bar('排队等待（平均）', models.map((m) => m.queueWaitMs), '#faad14'),
      bar('排队等待（最长）', models.map((m) => m.queueWaitMaxMs), '#d48806'),
      { name: '每秒 token 数', type: 'line', yAxisIndex: 1, symbolSize: 8, data: models.map((m) => m.tokensPerSecond) },
    ],
  };
}

export const failureRows = (failures: Figures['processingFailures']) =>
  failures.map((f) => ({ name: `${f.source}：${f.reason}`, count: f.count }));

// The charts of 统计 (D57, D65, D77), pure so they are tested without a canvas.
import type { StatisticsFigures } from '../../../../contract/api';
import type { CartesianSpec, ChartSeries } from '../../../components/chart/chart-spec';

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

export function trendOption(days: Day[]): CartesianSpec {
  return {
    kind: 'cartesian',
    categories: days.map((d) => d.day.slice(5)),
    valueAxes: [{ title: '操作' }, { title: '用户', integer: true }],
    series: [
      { name: '操作次数', type: 'line', smooth: true, area: true, data: days.map((d) => d.operations) },
      { name: '活跃用户', type: 'line', smooth: true, axis: 'right', data: days.map((d) => d.activeUsers) },
    ],
  };
}

export function loginsOption(days: Day[]): CartesianSpec {
  return {
    kind: 'cartesian',
    categories: days.map((d) => d.day.slice(5)),
    valueAxes: [{ integer: true }],
    series: [
      { name: '登录次数', type: 'bar', barMaxWidth: 18, data: days.map((d) => d.logins) },
      { name: '失败操作', type: 'bar', barMaxWidth: 18, color: RED, data: days.map((d) => d.failures) },
    ],
  };
}

/** A ranking as horizontal bars, the largest on top. */
export function rankingOption(rows: { name: string; count: number }[], color = BLUE): CartesianSpec {
  return {
    kind: 'cartesian',
    horizontal: true,
    legend: 'none',
    valueLabels: true,
    categoryLabelChars: 12,
    categories: rows.map((r) => r.name),
    valueAxes: [{ integer: true }],
    series: [{ name: '次数', type: 'bar', barMaxWidth: 22, color, data: rows.map((r) => r.count) }],
  };
}

/** Questions per day, one stacked bar series per mode. */
export function questionsOption(questions: Figures['questions'], days: string[]): CartesianSpec {
  const modes = [...new Set(questions.map((q) => q.mode))];
  const count = new Map(questions.map((q) => [`${q.day}|${q.mode}`, q.questions]));
  return {
    kind: 'cartesian',
    categories: days.map((d) => d.slice(5)),
    valueAxes: [{ integer: true }],
    series: modes.map((mode) => ({ name: mode, type: 'bar', stack: 'questions', barMaxWidth: 24, data: days.map((d) => count.get(`${d}|${mode}`) ?? 0) })),
  };
}

/** Documents (or chunks) per space, one stacked series per grade. */
export function documentsOption(documents: Figures['documents'], key: 'documents' | 'chunks'): CartesianSpec {
  const spaces = [...new Set(documents.map((d) => d.space))];
  const grades = [...new Set(documents.map((d) => d.grade))];
  const value = new Map(documents.map((d) => [`${d.space}|${d.grade}`, d[key]]));
  return {
    kind: 'cartesian',
    categories: spaces,
    everyCategory: true,
    categoryLabelChars: 8,
    valueAxes: [{ integer: true }],
    series: grades.map((grade) => ({
      name: grade, type: 'bar', stack: key, barMaxWidth: 32, color: GRADE_COLORS[grade],
      data: spaces.map((s) => value.get(`${s}|${grade}`) ?? 0),
    })),
  };
}

/** Per model: time to first text and queue waits (ms) as bars, tokens per second as a line on its own axis. */
export function modelsOption(models: Figures['models']): CartesianSpec {
  const bar = (name: string, data: (number | null)[], color?: string): ChartSeries => ({ name, type: 'bar', barMaxWidth: 20, data, color });
  return {
    kind: 'cartesian',
    categories: models.map((m) => m.model),
    valueAxes: [{ title: '毫秒' }, { title: 'token/秒' }],
    series: [
      bar('首字时间（平均）', models.map((m) => m.firstTokenMs)),
      bar('首字时间（P90）', models.map((m) => m.firstTokenP90Ms)),
      bar('排队等待（平均）', models.map((m) => m.queueWaitMs), '#faad14'),
      bar('排队等待（最长）', models.map((m) => m.queueWaitMaxMs), '#d48806'),
      { name: '每秒 token 数', type: 'line', axis: 'right', pointRadius: 4, data: models.map((m) => m.tokensPerSecond) },
    ],
  };
}

export const failureRows = (failures: Figures['processingFailures']) =>
  failures.map((f) => ({ name: `${f.source}：${f.reason}`, count: f.count }));

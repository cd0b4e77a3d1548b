// The charts of 统计 (D57, D65, D77; issue 27 §6), pure so they are tested without a canvas.
import type { SecurityStatisticsFigures, StatisticsFigures, SystemStatisticsFigures } from '../../../../contract/api';
import type { CartesianSpec, ChartSeries, PieSpec } from '../../../components/chart/chart-spec';

export type Figures = StatisticsFigures;
export type Day = Figures['days'][number];

const RED = '#f5222d';
const BLUE = '#1677ff';
const GRADE_COLORS: Record<string, string> = { 公开: '#52c41a', 内部: '#1677ff', 秘密: '#fa8c16', 机密: '#f5222d' };

/** Every day of the range, days without figures as `zero`. */
export function everyDay<D extends { day: string }>(days: D[], start: string, end: string, zero: Omit<D, 'day'>): D[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const all: D[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    all.push(byDay.get(day) ?? ({ ...zero, day } as D));
  }
  return all;
}

/** One series of a daily chart: how it is drawn, and which figure of the day it shows. */
export type DailySeries<D> = Omit<ChartSeries, 'data'> & { value: (day: D) => number };

/** Figures over the days of the range (MM-DD), as bars or lines. */
export function dailyOption<D extends { day: string }>(days: D[], series: DailySeries<D>[], valueAxes?: CartesianSpec['valueAxes']): CartesianSpec {
  return {
    kind: 'cartesian',
    categories: days.map((d) => d.day.slice(5)),
    valueAxes: valueAxes ?? [{ integer: true }],
    series: series.map(({ value, ...drawn }) => ({ barMaxWidth: 18, ...drawn, data: days.map(value) })),
  };
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

/** The other two administrators' operations (安全审计): one bar per operation, a stacked series per administrator. */
export function adminActionsOption(rows: Figures['adminActions']): CartesianSpec {
  const actions = [...new Set(rows.map((r) => r.action))];
  const admins = [...new Set(rows.map((r) => r.admin))];
  const count = new Map(rows.map((r) => [`${r.admin}|${r.action}`, r.count]));
  return {
    kind: 'cartesian',
    horizontal: true,
    categoryLabelChars: 10,
    categories: actions,
    valueAxes: [{ integer: true }],
    series: admins.map((admin) => ({ name: admin, type: 'bar', stack: 'admins', barMaxWidth: 22, data: actions.map((a) => count.get(`${admin}|${a}`) ?? 0) })),
  };
}

/** Documents and chunks per space (系统运行), the chunks on their own axis. */
export function spaceDocumentsOption(rows: SystemStatisticsFigures['spaceDocuments']): CartesianSpec {
  return {
    kind: 'cartesian',
    categories: rows.map((r) => r.space),
    everyCategory: true,
    categoryLabelChars: 8,
    valueAxes: [{ title: '文档', integer: true }, { title: '分段', integer: true }],
    series: [
      { name: '文档数', type: 'bar', barMaxWidth: 32, data: rows.map((r) => r.documents) },
      { name: '分段数', type: 'bar', barMaxWidth: 32, axis: 'right', color: '#13c2c2', data: rows.map((r) => r.chunks) },
    ],
  };
}

/** A count per secrecy grade (安全保密), one bar per grade in its grade's colour, lowest grade first. */
export function gradeOption(rows: { grade: string; count: number }[], name: string): CartesianSpec {
  return {
    kind: 'cartesian',
    categories: rows.map((r) => r.grade),
    legend: 'none',
    valueLabels: true,
    valueAxes: [{ integer: true }],
    series: rows.map((r, i) => ({
      name: r.grade, type: 'bar', stack: name, barMaxWidth: 48, color: GRADE_COLORS[r.grade],
      data: rows.map((_, j) => (i === j ? r.count : null)),
    })),
  };
}

/** Ordinary accounts per clearance grade now, as a pie. */
export function clearancesOption(rows: SecurityStatisticsFigures['clearances']): PieSpec {
  return { kind: 'pie', name: '人数', slices: rows.map((r) => ({ name: r.grade, value: r.users })) };
}

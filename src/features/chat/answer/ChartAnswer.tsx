import { Alert, Button, Input, Segmented, Space, Spin, Tabs, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ChartView } from '../../../../contract/api';
import { runSqlStream } from '../../sqlbase/run-sql-stream';
import styles from '../chat.module.css';
import { Chart } from '../../../components/chart/Chart';
import { chartDataOf, chartLabel, chartSpec, type ChartKind } from './chart-geometry';

const CHART_KINDS: { value: ChartKind; label: string }[] = [
  { value: 'bar', label: '柱状图' }, { value: 'line', label: '折线图' }, { value: 'area', label: '面积图' }, { value: 'pie', label: '饼图' },
];

// The rows (antd's Table with its filter tree, the xlsx export) are fetched when the 数据 tab is first shown: an
// answer opens on its chart, so drawing one needs neither (D77).
const ResultTable = lazyChunk(() => import('./ResultTable').then((m) => m.ResultTable), 'ResultTable');
import { lazyChunk } from '../../../lib/chunk-load';

/**
 * The SQL of a database answer: copyable, editable, and run again through the same gates (editor/sql/run). The rows
 * show as they arrive; the final result replaces them.
 */
function SqlEditor({ chart, onResult }: { chart: ChartView & { db_name: string }; onResult: (chart: ChartView) => void }) {
  const [text, setText] = useState(chart.sql);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The answer's chart type, category and value columns carry over to the re-run's rows where the columns still
  // exist (a refused query had none: its result is drawn as a bar chart when it can be).
  const view = (columns: string[], data: Record<string, unknown>[], extra: Partial<ChartView>): ChartView => {
    const y = chart.y?.filter((c) => columns.includes(c));
    return {
      ...chart, type: chart.columns.length ? chart.type : 'response_bar_chart', columns, data,
      x: chart.x && columns.includes(chart.x) ? chart.x : undefined, y: y?.length ? y : undefined, ...extra,
    };
  };
  const submit = async () => {
    setError(null);
    setRunning(true);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const result = await runSqlStream({ db_name: chart.db_name, sql: text }, {
        signal: controller.signal,
        onRows: ({ columns, rows }) => onResult(view(columns, rows, { sql: text.trim(), truncated: false, description: `正在读取查询结果，已收到 ${rows.length} 行…` })),
      });
      onResult(view(result.columns, result.rows, {
        sql: result.sql, truncated: result.truncated,
        description: `查询结果共 ${result.rows.length} 行${result.truncated ? '（已截断）' : ''}，用时 ${result.durationMs} ms。`,
      }));
    } catch (err) {
      if (!controller.signal.aborted) setError((err as { message?: string }).message ?? '查询失败');
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        aria-label="SQL"
        data-testid="sql-editor"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        style={{ fontFamily: 'monospace' }}
      />
      <Space>
        <Button type="primary" size="small" loading={running} disabled={!text.trim()} onClick={() => void submit()} data-testid="sql-run">
          运行
        </Button>
        <Typography.Text copyable={{ text }} type="secondary">复制 SQL</Typography.Text>
        <Typography.Text type="secondary">在数据库「{chart.db_name}」上只读执行</Typography.Text>
      </Space>
      {error && <Alert type="error" showIcon title={error} data-testid="sql-error" />}
    </Space>
  );
}

/**
 * The result of a spreadsheet or database question: chart, rows and the SQL that produced them. A chunk of its own,
 * fetched by the first such answer shown (AnswerView, D77).
 */
export function ChartAnswer({ chart: initial }: { chart: ChartView }) {
  // A re-run's result shows until a new frame arrives (rows streamed so far are replaced by the final result).
  const [rerun, setRerun] = useState<{ base: ChartView; chart: ChartView } | null>(null);
  const rerunShown = rerun !== null && rerun.base === initial;
  const chart = rerunShown ? rerun.chart : initial;
  const setChart = (next: ChartView) => setRerun({ base: initial, chart: next });
  const [tab, setTab] = useState<string | undefined>(undefined);
  // The kind the reader picked (柱状图, 折线图, 饼图); the answer's own until then.
  const [kind, setKind] = useState<ChartKind | null>(null);
  const drawn = useMemo(() => chartDataOf(chart), [chart]);
  const data = useMemo(() => (drawn && kind ? { ...drawn, kind } : drawn), [drawn, kind]);
  const spec = useMemo(() => (data ? chartSpec(data) : null), [data]);
  const table = (
    <Suspense fallback={<Spin size="small" />}>
      <ResultTable chart={chart} />
    </Suspense>
  );
  const dbName = chart.db_name;
  // A query that did not run has no rows: only its SQL, to fix and run again.
  const ran = chart.columns.length > 0;
  const items = [
    ...(data && spec ? [{
      key: 'chart', label: '图表', children: (
        <>
          <Segmented<ChartKind> size="small" aria-label="图表类型" value={data.kind} onChange={setKind} style={{ marginBottom: 8 }}
            options={CHART_KINDS} />
          <Chart spec={spec} ariaLabel={chartLabel(data)} />
        </>
      ),
    }] : []),
    ...(ran ? [{ key: 'data', label: '数据', children: table }] : []),
    {
      key: 'sql',
      label: 'SQL',
      children: dbName
        ? <SqlEditor chart={{ ...chart, db_name: dbName }} onResult={(next) => { setChart(next); setTab(chartDataOf(next) ? 'chart' : 'data'); }} />
        : <Typography.Paragraph className={styles.sql} copyable>{chart.sql}</Typography.Paragraph>,
    },
  ];
  const active = items.some((i) => i.key === tab) ? tab! : items[0].key;
  return (
    <div className={styles.chart} data-testid="chart-answer">
      {rerunShown && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} data-testid="rerun-note"
          title="以下是修改后的 SQL 的结果；上方回答中的说明针对原来的查询。" />
      )}
      {chart.description && <Typography.Paragraph type="secondary">{chart.description}</Typography.Paragraph>}
      <Tabs size="small" items={items} activeKey={active} onChange={setTab} />
    </div>
  );
}

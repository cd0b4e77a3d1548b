import { Alert, Button, Input, Space, Spin, Tabs, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ChartView } from '../../../../contract/api';
import { runSqlStream } from '../../sqlbase/run-sql-stream';
import styles from '../chat.module.css';
import { Chart } from '../../../components/chart/Chart';
import { chartDataOf, chartLabel, chartSpec } from './chart-geometry';

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
  const view = (columns: string[], data: Record<string, unknown>[], extra: Partial<ChartView>): ChartView => ({
    ...chart, type: 'response_table', columns, data, x: undefined, y: undefined, ...extra,
  });
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
  const chart = rerun && rerun.base === initial ? rerun.chart : initial;
  const setChart = (next: ChartView) => setRerun({ base: initial, chart: next });
  const [tab, setTab] = useState<string | undefined>(undefined);
  const data = useMemo(() => chartDataOf(chart), [chart]);
  const spec = useMemo(() => (data ? chartSpec(data) : null), [data]);
  const table = (
    <Suspense fallback={<Spin size="small" />}>
      <ResultTable chart={chart} />
    </Suspense>
  );
  const dbName = chart.db_name;
  const items = [
    ...(data && spec ? [{ key: 'chart', label: '图表', children: <Chart spec={spec} ariaLabel={chartLabel(data)} /> }] : []),
    { key: 'data', label: '数据', children: table },
    {
      key: 'sql',
      label: 'SQL',
      children: dbName
        ? <SqlEditor chart={{ ...chart, db_name: dbName }} onResult={(next) => { setChart(next); setTab('data'); }} />
        : <Typography.Paragraph className={styles.sql} copyable>{chart.sql}</Typography.Paragraph>,
    },
  ];
  return (
    <div className={styles.chart} data-testid="chart-answer">
      {chart.description && <Typography.Paragraph type="secondary">{chart.description}</Typography.Paragraph>}
      <Tabs size="small" items={items} activeKey={tab ?? items[0].key} onChange={setTab} />
    </div>
  );
}

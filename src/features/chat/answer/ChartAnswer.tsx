import { Alert, Button, Input, Space, Table, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartView } from '../../../../contract/api';
import { saveFile } from '../../../platform';
import { runSqlStream } from '../../sqlbase/run-sql-stream';
import styles from '../chat.module.css';
import { Chart } from '../../../components/chart/Chart';
import { chartDataOf, chartLabel, chartSpec } from './chart-geometry';
import { resultWorkbook } from '../../../../contract/files/safe-xlsx';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the rows shown as an .xlsx file (formula-injection safe, see contract/files/safe-xlsx.ts). */
function exportRows(chart: ChartView) {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  void saveFile({
    suggestedName: `查询结果-${stamp}.xlsx`,
    data: new Blob([resultWorkbook(chart.columns, chart.data) as BlobPart], { type: XLSX_MIME }),
    mimeType: XLSX_MIME,
    filters: [{ name: 'Excel 工作簿', extensions: ['xlsx'] }],
  });
}

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

/** The result of a spreadsheet or database question: chart, rows and the SQL that produced them. */
export function ChartAnswer({ chart: initial }: { chart: ChartView }) {
  // A re-run's result shows until a new frame arrives (rows streamed so far are replaced by the final result).
  const [rerun, setRerun] = useState<{ base: ChartView; chart: ChartView } | null>(null);
  const chart = rerun && rerun.base === initial ? rerun.chart : initial;
  const setChart = (next: ChartView) => setRerun({ base: initial, chart: next });
  const [tab, setTab] = useState<string | undefined>(undefined);
  const data = useMemo(() => chartDataOf(chart), [chart]);
  const spec = useMemo(() => (data ? chartSpec(data) : null), [data]);
  const rows = chart.data.map((row, i) => ({ ...row, __key: i }));
  const table = (
    <>
      <Table
        size="small"
        rowKey="__key"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={chart.columns.map((c) => ({ title: c, dataIndex: c, key: c, render: cell }))}
      />
      {chart.truncated && <Alert type="info" showIcon title="结果行数超过上限，只显示了前面的部分" style={{ marginTop: 8 }} />}
      {rows.length > 0 && (
        <Button size="small" style={{ marginTop: 8 }} onClick={() => exportRows(chart)} data-testid="export-xlsx">导出 Excel</Button>
      )}
    </>
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

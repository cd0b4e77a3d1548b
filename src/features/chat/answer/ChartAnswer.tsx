import { Alert, Table, Tabs, Typography } from 'antd';
import type { ChartView } from '../../../../contract/api';
import styles from '../chat.module.css';
import { chartDataOf } from './chart-geometry';
import { SvgChart } from './SvgChart';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The result of a spreadsheet question: chart, rows and the SQL that produced them. */
export function ChartAnswer({ chart }: { chart: ChartView }) {
  const data = chartDataOf(chart);
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
    </>
  );
  const items = [
    ...(data ? [{ key: 'chart', label: '图表', children: <SvgChart data={data} /> }] : []),
    { key: 'data', label: '数据', children: table },
    { key: 'sql', label: 'SQL', children: <Typography.Paragraph className={styles.sql} copyable>{chart.sql}</Typography.Paragraph> },
  ];
  return (
    <div className={styles.chart} data-testid="chart-answer">
      {chart.description && <Typography.Paragraph type="secondary">{chart.description}</Typography.Paragraph>}
      <Tabs size="small" items={items} />
    </div>
  );
}

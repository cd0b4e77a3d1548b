import { Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import type { ChartProps } from '../../../components/chart/Chart';
import { Chart } from '../../../components/chart/Chart';
import styles from '../depts/DeptMgrPage.module.css';

export type ChartCardProps = { title: string; option: ChartProps['spec']; label: string; height?: number; empty?: boolean; note?: string };

/** One chart in its card; a figure with nothing in the range says so instead of drawing empty axes. */
export function ChartCard({ title, option, label, height, empty, note }: ChartCardProps) {
  return (
    <section className={styles.card} aria-label={title}>
      <Typography.Title level={5} className={styles.paneTitle}>{title}</Typography.Title>
      {note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Text>}
      {empty
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选范围内没有数据" style={{ height: height ?? 280, margin: 0, paddingTop: 80 }} />
        : <Chart spec={option} height={height} ariaLabel={label} />}
    </section>
  );
}

/** The totals of the range, six to a row. */
export function SummaryCards({ items, loading }: { items: (readonly [string, number])[]; loading: boolean }) {
  return (
    <Row gutter={12} role="group" aria-label="合计">
      {items.map(([title, value]) => (
        <Col span={4} key={title}>
          <section className={styles.card}><Statistic title={title} value={value} loading={loading} /></section>
        </Col>
      ))}
    </Row>
  );
}

/** Until the first answer: a spinner, not charts of zeros that look like an empty range. */
export function FiguresLoading() {
  return (
    <section className={styles.card} aria-busy="true" style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 8, height: 200 }}>
      <Spin />
      <Typography.Text type="secondary">正在统计…</Typography.Text>
    </section>
  );
}

/** The sum of one figure over rows. */
export const sumOf = <R,>(rows: R[] | undefined, value: (row: R) => number) => (rows ?? []).reduce((n, r) => n + value(r), 0);

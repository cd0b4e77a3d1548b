import { Typography } from 'antd';
import type { DeptFlatItem } from '../../../../contract/api';
import { DataTable, type DataTableButton, type DataTableColumn } from '../../../components/data-table';
import styles from './DeptMgrPage.module.css';

type Row = DeptFlatItem & Record<string, unknown>;

// Narrow enough that every column shows beside the tree at 1440 px; sort is in 列设置.
const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', title: '部门名称', width: 150, ellipsis: true },
  { key: 'code', title: '部门编码', width: 100, ellipsis: true, render: (v) => (v as string) || '—' },
  { key: 'userCount', title: '直属人员', width: 80, align: 'right', render: (v) => `${v as number} 人` },
  { key: 'childCount', title: '下级部门', width: 80, align: 'right', render: (v) => `${v as number} 个` },
  { key: 'sort', title: '排序', width: 70, align: 'right', hidden: true },
  { key: 'remark', title: '备注', width: 150, ellipsis: true, render: (v) => (v as string) || '—' },
];

export type SubDeptTableProps = {
  parentName: string;
  rows: DeptFlatItem[];
  loading: boolean;
  can: (code: DataTableButton) => boolean;
  onAdd: () => void;
  onView: (row: DeptFlatItem) => void;
  onEdit: (row: DeptFlatItem) => void;
  onDelete: (row: DeptFlatItem) => Promise<unknown>;
  onBatchDelete: (rows: DeptFlatItem[]) => Promise<unknown>;
};

/** The direct sub-departments of the selected one, with add, edit, delete and batch delete. */
export function SubDeptTable(props: SubDeptTableProps) {
  return (
    <section className={`${styles.card} ${styles.grow}`} aria-label="下级部门">
      <Typography.Title level={5} className={styles.paneTitle}>
        下级部门
        <Typography.Text type="secondary" className={styles.subtitle}>
          {props.parentName} · 共 {props.rows.length} 个
        </Typography.Text>
      </Typography.Title>
      <DataTable<Row>
        columns={COLUMNS}
        rows={props.rows as Row[]}
        loading={props.loading}
        can={props.can}
        onAdd={props.onAdd}
        onView={props.onView}
        onEdit={props.onEdit}
        onDelete={props.onDelete}
        onBatchDelete={props.onBatchDelete}
      />
    </section>
  );
}

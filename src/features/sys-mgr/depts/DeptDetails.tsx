import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Descriptions, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dept } from '../../../../contract/api';
import styles from './DeptMgrPage.module.css';

export type DeptDetailsProps = {
  dept: Dept | undefined;
  loading: boolean;
  can: (code: 'add' | 'edit' | 'delete') => boolean;
  onAddChild: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** The selected department's fields and its own buttons (the root can only get children). */
export function DeptDetails({ dept, loading, can, onAddChild, onEdit, onDelete }: DeptDetailsProps) {
  if (!dept) return <section className={styles.card}>{loading ? <Skeleton active paragraph={{ rows: 3 }} /> : null}</section>;
  const root = dept.parentId === null;
  return (
    <section className={styles.card} aria-label="部门信息">
      <div className={styles.cardHead}>
        <Typography.Title level={5} className={styles.paneTitle}>
          {dept.name}
        </Typography.Title>
        <Space>
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAddChild}>
              新增下级
            </Button>
          )}
          {can('edit') && !root && (
            <Button icon={<EditOutlined />} onClick={onEdit}>
              编辑
            </Button>
          )}
          {can('delete') && !root && (
            <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
              删除
            </Button>
          )}
        </Space>
      </div>
      <Descriptions size="small" bordered column={3} styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="部门名称">{dept.name}</Descriptions.Item>
        <Descriptions.Item label="部门编码">{dept.code || '—'}</Descriptions.Item>
        <Descriptions.Item label="上级部门">{dept.parentName || '—'}</Descriptions.Item>
        <Descriptions.Item label="直属人员">{dept.userCount} 人</Descriptions.Item>
        <Descriptions.Item label="下级部门">{dept.childCount} 个</Descriptions.Item>
        <Descriptions.Item label="排序">{dept.sort}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{time(dept.updatedAt)}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {dept.remark || '—'}
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}

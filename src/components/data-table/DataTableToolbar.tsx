import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { CONFIRM_DELETE } from './constants';
import type { DataTableButton } from './types';

/** Props of DataTableToolbar. */
export type DataTableToolbarProps = {
  can: (code: DataTableButton) => boolean;
  selectedCount: number;
  onAdd?: () => void;
  onBatchDelete?: () => unknown;
  onOpenColumns: () => void;
  extra?: ReactNode;
};

/** Add, batch delete (confirmed, disabled with nothing selected), extra buttons, and the column settings. */
export function DataTableToolbar({ can, selectedCount, onAdd, onBatchDelete, onOpenColumns, extra }: DataTableToolbarProps) {
  return (
    <Space style={{ marginBottom: 8 }} wrap>
      {onAdd && can('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          新增
        </Button>
      )}
      {onBatchDelete && can('batchDelete') && (
        <Popconfirm title={CONFIRM_DELETE} okText="确定" cancelText="取消" disabled={selectedCount === 0} onConfirm={onBatchDelete}>
          <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0}>
            批量删除
          </Button>
        </Popconfirm>
      )}
      {extra}
      {can('columns') && (
        <Button icon={<SettingOutlined />} onClick={onOpenColumns}>
          列设置
        </Button>
      )}
    </Space>
  );
}

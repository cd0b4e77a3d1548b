import { Button, Popconfirm, Space } from 'antd';
import { CONFIRM_DELETE } from './constants';
import type { DataRow, DataTableButton } from './types';

/** Props of RowTools. */
export type RowToolsProps<Row extends DataRow> = {
  row: Row;
  locked: boolean;
  can: (code: DataTableButton) => boolean;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => unknown;
};

/** View / edit / delete of one row; edit and delete are disabled on a locked (system) row. */
export function RowTools<Row extends DataRow>({ row, locked, can, onView, onEdit, onDelete }: RowToolsProps<Row>) {
  return (
    <Space size={0}>
      {onView && can('view') && (
        <Button type="link" size="small" onClick={() => onView(row)}>
          查看
        </Button>
      )}
      {onEdit && can('edit') && (
        <Button type="link" size="small" disabled={locked} onClick={() => onEdit(row)}>
          编辑
        </Button>
      )}
      {onDelete && can('delete') && (
        <Popconfirm title={CONFIRM_DELETE} okText="确定" cancelText="取消" disabled={locked} onConfirm={() => onDelete(row)}>
          <Button type="link" size="small" danger disabled={locked}>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

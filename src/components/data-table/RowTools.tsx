import { Popconfirm } from 'antd';
import { useState } from 'react';
import { CONFIRM_DELETE } from './constants';
import styles from './RowTools.module.css';
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
    <span className={styles.tools}>
      {onView && can('view') && (
        <button type="button" className={styles.link} onClick={() => onView(row)}>
          查看
        </button>
      )}
      {onEdit && can('edit') && (
        <button type="button" className={styles.link} disabled={locked} onClick={() => onEdit(row)}>
          编辑
        </button>
      )}
      {onDelete && can('delete') && <DeleteWithConfirm disabled={locked} onConfirm={() => onDelete(row)} />}
    </span>
  );
}

/**
 * 删除 asking 确认删除？ first. The confirmation popover is mounted on the first click only: a popover per
 * visible row costs more than the rest of the row (200 rows × 20 columns must paint in < 100 ms).
 */
function DeleteWithConfirm({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const button = (
    <button
      type="button"
      className={`${styles.link} ${styles.danger}`}
      disabled={disabled}
      onClick={armed ? undefined : () => {
        setArmed(true);
        setOpen(true);
      }}
    >
      删除
    </button>
  );
  if (!armed) return button;
  return (
    <Popconfirm title={CONFIRM_DELETE} okText="确定" cancelText="取消" disabled={disabled} open={open} onOpenChange={setOpen} onConfirm={onConfirm}>
      {button}
    </Popconfirm>
  );
}

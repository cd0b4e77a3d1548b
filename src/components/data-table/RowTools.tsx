import { Popconfirm, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { CONFIRM_DELETE } from './constants';
import styles from './RowTools.module.css';
import type { DataRow, DataTableButton } from './types';

/** Props of RowTools. */
export type RowToolsProps<Row extends DataRow> = {
  row: Row;
  locked: boolean;
  /** Why a locked row's 编辑 and 删除 are disabled, shown on hover. */
  lockedTip?: string;
  can: (code: DataTableButton) => boolean;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => unknown;
};

/** What a locked row's disabled 编辑 and 删除 say on hover (spec §2, §6). */
export const SYSTEM_ROW_TIP = '系统内置，不能编辑或删除';

/** View / edit / delete of one row; edit and delete are disabled on a locked (system) row, with a tooltip saying why. */
export function RowTools<Row extends DataRow>({ row, locked, lockedTip = SYSTEM_ROW_TIP, can, onView, onEdit, onDelete }: RowToolsProps<Row>) {
  const edit = onEdit && can('edit') && (
    <button type="button" className={styles.link} disabled={locked} onClick={() => onEdit(row)}>
      编辑
    </button>
  );
  const remove = onDelete && can('delete') && <DeleteWithConfirm disabled={locked} onConfirm={() => onDelete(row)} />;
  return (
    <span className={styles.tools}>
      {onView && can('view') && (
        <button type="button" className={styles.link} onClick={() => onView(row)}>
          查看
        </button>
      )}
      {locked && (edit || remove) ? <LockedTools tip={lockedTip}>{edit}{remove}</LockedTools> : <>{edit}{remove}</>}
    </span>
  );
}

/**
 * The disabled 编辑 and 删除 of a system row under one tooltip. A disabled button gets no pointer events, so the
 * tooltip sits on a wrapper; only system rows (a few) pay for it.
 */
function LockedTools({ tip, children }: { tip: string; children: ReactNode }) {
  return (
    <Tooltip title={tip}>
      <span className={styles.locked} data-testid="row-tools-locked">
        {children}
      </span>
    </Tooltip>
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

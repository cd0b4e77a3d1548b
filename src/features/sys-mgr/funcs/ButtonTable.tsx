import { Tag } from 'antd';
import { useState } from 'react';
import type { FuncButton, FuncNode } from '../../../../contract/api';
import { DataTable, type DataTableButton, type DataTableColumn } from '../../../components/data-table';
import { notify } from '../../../lib/notify';
import { hasButton } from '../../../lib/storage';
import { useDeleteButtonMutation } from './api';
import { ButtonDialog } from './ButtonDialog';
import { failureMessage } from './func-tree';

const PAGE = '/implConfigMgr/funcMgr';
type Row = FuncButton & { locked: string } & Record<string, unknown>;

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', title: '按钮名称', width: 160 },
  { key: 'code', title: '按钮编码', width: 160 },
  { key: 'sort', title: '排序', width: 80, align: 'center' },
  { key: 'builtin', title: '来源', width: 100, render: (v) => (v ? <Tag color="blue">系统内置</Tag> : <Tag>自定义</Tag>) },
];

// The kit's table buttons mapped to this page's grants.
const GRANT: Partial<Record<DataTableButton, string>> = { add: 'addButton', edit: 'editButton', delete: 'deleteButton' };

/** The buttons of the selected function: 新增, 编辑, 删除 each behind its own grant. */
export function ButtonTable({ func }: { func: FuncNode }) {
  const [editing, setEditing] = useState<{ button: FuncButton | null } | null>(null);
  const [remove] = useDeleteButtonMutation();
  const can = (code: DataTableButton) => (code === 'columns' ? true : GRANT[code] ? hasButton(PAGE, GRANT[code]) : false);
  // Built-in buttons guard server calls by their path#code: system rows, neither edited nor deleted (D28).
  const rows: Row[] = func.buttons.map((b) => ({ ...b, locked: String(b.builtin) }));

  const onDelete = async (row: Row) => {
    try {
      await remove({ functionId: func.id, buttonId: row.id }).unwrap();
      notify().success('按钮已删除');
    } catch (error) {
      notify().error(failureMessage(error, '删除按钮失败'), 5);
    }
  };

  return (
    <>
      <DataTable<Row>
        columns={COLUMNS}
        rows={rows}
        selection="none"
        systemField="locked"
        systemTip="系统内置按钮，不能编辑或删除"
        can={can}
        onAdd={() => setEditing({ button: null })}
        onEdit={(row) => setEditing({ button: row })}
        onDelete={onDelete}
      />
      <ButtonDialog open={editing !== null} func={func} button={editing?.button ?? null} onClose={() => setEditing(null)} />
    </>
  );
}

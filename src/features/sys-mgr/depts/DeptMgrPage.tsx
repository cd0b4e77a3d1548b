import { App } from 'antd';
import { useState } from 'react';
import type { Dept } from '../../../../contract/api';
import { ROOT_DEPT_ID } from '../../../../contract/api/runtime';
import { hasButton } from '../../../lib/storage';
import { useDeptFlatQuery, useDeptQuery, useDeptTreeQuery } from './api';
import { DeptDetails } from './DeptDetails';
import { DeptFormDialog, type DeptDialogTarget } from './DeptFormDialog';
import styles from './DeptMgrPage.module.css';
import { findDept } from './dept-tree';
import { DeptTreePanel, type DeptTreeAction } from './DeptTreePanel';
import { SubDeptTable } from './SubDeptTable';
import { useDeptDelete } from './useDeptDelete';

const PATH = '/sysMgr/deptMgr';
/** The deptMgr buttons the signed-in account holds (allBtn); the table's view and columns are always there. */
const can = (code: string) => (code === 'view' || code === 'columns' ? true : hasButton(PATH, code === 'batchDelete' ? 'delete' : code));

/** 部门管理: the tree on the left; the selected department and its sub-departments on the right. */
export function DeptMgrPage() {
  const { message } = App.useApp();
  const [selectedId, setSelectedId] = useState(ROOT_DEPT_ID);
  const [dialog, setDialog] = useState<DeptDialogTarget | null>(null);
  const tree = useDeptTreeQuery(ROOT_DEPT_ID);
  const detail = useDeptQuery(selectedId);
  const flat = useDeptFlatQuery(selectedId);
  const children = (flat.data ?? []).filter((d) => d.level === 1);

  const { deleteOne, confirmDelete, deleteMany } = useDeptDelete((ids) => {
    // Deleting the selected department moves the selection to its parent.
    if (ids.includes(selectedId)) setSelectedId(findDept(tree.data ?? [], selectedId)?.parentId ?? ROOT_DEPT_ID);
  });

  const onTreeAction = (action: DeptTreeAction, dept: { id: number; name: string }) => {
    if (action === 'addChild') setDialog({ mode: 'create', parentId: dept.id });
    else if (action === 'edit') setDialog({ mode: 'edit', id: dept.id });
    else confirmDelete(dept);
  };
  const onSaved = (dept: Dept) => {
    message.success(dialog?.mode === 'edit' ? `已保存部门「${dept.name}」` : `已新增部门「${dept.name}」`);
    // A new department shows in its parent's table, wherever it was added from.
    if (dialog?.mode === 'create' && dept.parentId !== null) setSelectedId(dept.parentId);
    setDialog(null);
  };

  return (
    <div className={styles.page}>
      <DeptTreePanel
        tree={tree.data}
        loading={tree.isFetching}
        selectedId={selectedId}
        onSelect={setSelectedId}
        can={can}
        onAction={onTreeAction}
      />
      <div className={styles.main}>
        <DeptDetails
          dept={detail.data?.id === selectedId ? detail.data : undefined}
          loading={detail.isFetching}
          can={can}
          onAddChild={() => setDialog({ mode: 'create', parentId: selectedId })}
          onEdit={() => setDialog({ mode: 'edit', id: selectedId })}
          onDelete={() => detail.data && confirmDelete(detail.data)}
        />
        <SubDeptTable
          parentName={detail.data?.name ?? ''}
          rows={children}
          loading={flat.isFetching}
          can={can}
          onAdd={() => setDialog({ mode: 'create', parentId: selectedId })}
          onView={(row) => setSelectedId(row.id)}
          onEdit={(row) => setDialog({ mode: 'edit', id: row.id })}
          onDelete={(row) => deleteOne(row).catch(() => undefined)}
          onBatchDelete={deleteMany}
        />
      </div>
      {dialog && <DeptFormDialog target={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />}
    </div>
  );
}

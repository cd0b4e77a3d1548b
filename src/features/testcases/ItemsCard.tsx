import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { onlyColumnSettings, type ItemRow } from './live-states';
import { useMergeItemMutation, useSkipItemMutation, useTaskActionMutation } from './api';
import { ItemEditDialog } from './ItemEditDialog';
import { TaskStatusTag } from './task-status';
import { useAppMessage } from '../../lib/use-app-message';

export type { ItemRow };

export type ItemsCardProps = {
  rows: ItemRow[];
  /** The tester may act on tasks and items (管理任务, and the generation is not archived). */
  editable: boolean;
  /** Some task was queued: pause and terminate make sense. */
  started: boolean;
  /** A task was queued again (resumed): the page polls it. */
  onQueued: () => void;
};

const SKIPPABLE = ['not_started', 'paused', 'terminated', 'pending_update', 'completed', 'latest'];
const EDITABLE = ['not_started', 'paused', 'terminated', 'pending_update', 'completed', 'latest', 'skipped'];

type ConfirmLinkProps = {
  label: string;
  danger?: boolean;
  title: string;
  description: string;
  okText: string;
  onConfirm: () => Promise<unknown>;
};

/**
 * A link button that asks first. antd's Popconfirm (a popup trigger with its own effects) is mounted at the first
 * click, not with the row: the rows drawn on each poll then mount plain buttons only (D79). Looks and asks as before.
 */
function ConfirmLink({ label, danger, title, description, okText, onConfirm }: ConfirmLinkProps) {
  const [open, setOpen] = useState<boolean | null>(null);
  const button = (
    <Button type="link" size="small" danger={danger} onClick={open === null ? () => setOpen(true) : undefined}>{label}</Button>
  );
  if (open === null) return button;
  return (
    <Popconfirm title={title} description={description} okText={okText} cancelText="取消" open={open} onOpenChange={setOpen} onConfirm={onConfirm}>
      {button}
    </Popconfirm>
  );
}

/** What an item row's actions need from the card (one context: the columns stay the same objects for good). */
type ItemActionsContext = {
  editable: boolean;
  started: boolean;
  run: (action: 'pause' | 'resume' | 'terminate', row: ItemRow) => Promise<void>;
  merge: (row: ItemRow) => Promise<unknown>;
  edit: (row: ItemRow) => void;
  skip: (row: ItemRow) => void;
};

const ActionsContext = createContext<ItemActionsContext | null>(null);

/** An item's actions as its task's status allows them. */
const ItemActions = memo(function ItemActions({ row }: { row: ItemRow }) {
  const { editable, started, run, merge, edit, skip } = useContext(ActionsContext)!;
  const s = row.state?.status;
  if (!editable || !s) return null;
  const { next } = row;
  const canMerge = next && s !== 'in_progress' && next.status !== 'in_progress' && next.status !== 'expired' && s !== 'expired';
  return (
    // Keyed, so a button that stays when the status changes is kept (Space keys its items by position otherwise).
    <Space size={0} wrap>
      {(s === 'not_started' || s === 'in_progress') && started && <Button key="pause" type="link" size="small" onClick={() => void run('pause', row)}>暂停</Button>}
      {s === 'paused' && <Button key="resume" type="link" size="small" onClick={() => void run('resume', row)}>继续</Button>}
      {['not_started', 'in_progress', 'paused', 'pending_update'].includes(s) && started && (
        <ConfirmLink key="terminate" label="终止" danger title="终止该任务？" description="正在进行的生成会立即停止，已终止的任务不能继续。" okText="终止"
          onConfirm={() => run('terminate', row)} />
      )}
      {EDITABLE.includes(s) && <Button key="edit" type="link" size="small" onClick={() => edit(row)}>编辑</Button>}
      {canMerge && (
        <ConfirmLink key="merge" label="合并下一条" title={`与下一条 ${next.code} 合并？`} description="合并后的条目会重新生成用例，下一条的用例将被删除。" okText="合并"
          onConfirm={() => merge(row)} />
      )}
      {SKIPPABLE.includes(s) && <Button key="skip" type="link" size="small" onClick={() => skip(row)}>跳过</Button>}
    </Space>
  );
});

// Built once: a poll hands the table the same columns (antd's table then keeps its data array and does not re-measure,
// D79), and rows whose item and task did not change are the same objects (GenerationView), so only the rows that
// changed are drawn again. What the actions depend on comes through ActionsContext.
const itemColumns: DataTableColumn<ItemRow>[] = [
  { key: 'position', title: '序号', width: 60 },
  { key: 'code', title: '编号', width: 90 },
  { key: 'module', title: '所属模块', width: 150, ellipsis: true },
  { key: 'title', title: '需求', width: 300, ellipsis: true, render: (_v, r) => <span title={r.text}>{r.title}</span> },
  { key: 'status', title: '状态', width: 90, render: (_v, r) => r.state && <TaskStatusTag status={r.state.status} reason={r.state.reason || r.skip_reason} /> },
  { key: 'cases', title: '用例', width: 60, render: (_v, r) => r.state?.cases.length ?? 0 },
  { key: 'actions', title: '操作', width: 260, render: (_v, r) => <ItemActions row={r} /> },
];

/**
 * The requirement items as split, each with its task's status and the tester's actions. Memoised: the page's own
 * state (a button's loading) does not redraw a hundred rows.
 */
export const ItemsCard = memo(function ItemsCard({ rows, editable, started, onQueued }: ItemsCardProps) {
  const message = useAppMessage();
  const [act] = useTaskActionMutation();
  const [skipItem] = useSkipItemMutation();
  const [mergeItem] = useMergeItemMutation();
  const [skipping, setSkipping] = useState<ItemRow | null>(null);
  const [editing, setEditing] = useState<ItemRow | null>(null);
  const [reason, setReason] = useState('');

  const actions = useMemo<ItemActionsContext>(() => ({
    editable,
    started,
    run: async (action, row) => {
      await act({ action, task_ids: [row.task_id] }).unwrap();
      if (action === 'resume') onQueued();
    },
    merge: (row) => mergeItem(row.id).unwrap(),
    edit: setEditing,
    skip: (row) => {
      setReason('');
      setSkipping(row);
    },
  }), [editable, started, act, mergeItem, onQueued]);

  return (
    <Card title="需求条目" size="small">
      {/* The rows in view only, whatever the count: every poll redraws a screenful, not a hundred rows (D49). */}
      <ActionsContext.Provider value={actions}>
        <DataTable<ItemRow> tableId="testcase-items" rowKey="id" columns={itemColumns} rows={rows} selection="none" showIndex={false}
          showRowTools={false} can={onlyColumnSettings} scrollY={320} virtualFrom={0} />
      </ActionsContext.Provider>
      {editing && <ItemEditDialog item={editing} generated={editing.state?.status !== 'not_started'} onClose={() => setEditing(null)} />}
      {skipping && (
        <Dialog
          open
          title={`跳过需求条目 ${skipping.code}`}
          width={520}
          height={200}
          okText="跳过"
          onClose={() => setSkipping(null)}
          onOk={async () => {
            if (!reason.trim()) {
              message.error('请填写跳过的原因');
              throw new Error('no reason');
            }
            await skipItem({ item_id: skipping.id, reason: reason.trim() }).unwrap();
            setSkipping(null);
          }}
        >
          <Typography.Paragraph>{skipping.title}</Typography.Paragraph>
          <Input.TextArea aria-label="跳过原因" rows={3} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="如：主观描述，无法验证" />
        </Dialog>
      )}
    </Card>
  );
});
